#!/usr/bin/env python3
"""Fused elementwise runs agree with the unfused kernels bit for bit, on the device (executors/cuda/README.md).

    python3 bench/gpu/fusion_identity.py HLOCONF [--elements N] [--seed S]

Runs each chain below with `hloconf exec --backend cuda` three ways: the generated kernel (HLOCONF_CUDA_NVRTC=1,
every size), the fused interpreter (HLOCONF_CUDA_NVRTC=0) and one kernel per op (HLOCONF_CUDA_FUSION=0), on
the same random inputs (normal values over many binades, with zeros, infinities and NaNs mixed in), and
compares the printed results exactly. The chains put a multiply before an add and a library function's end
before another's start, where a compiler that contracted across ops would round once instead of twice.
Prints one line per chain and a total; exit status 1 when any result differs.
"""
import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np

CHAINS = {  # name: (element type, body lines over %x and %y, result)
    "multiply then add": ("f32", ["%m = stablehlo.multiply %x, %y", "%r = stablehlo.add %m, %x"], "%r"),
    "multiply then subtract": ("f64", ["%m = stablehlo.multiply %x, %y", "%r = stablehlo.subtract %x, %m"], "%r"),
    "softplus": ("f32", ["%e = stablehlo.exponential %x", "%r = stablehlo.log_plus_one %e"], "%r"),
    "exp then add": ("f32", ["%e = stablehlo.exponential %x", "%r = stablehlo.add %e, %y"], "%r"),
    "tanh gelu-like": ("f32", ["%m = stablehlo.multiply %x, %x", "%n = stablehlo.multiply %m, %x",
                               "%a = stablehlo.add %x, %n", "%t = stablehlo.tanh %a", "%s = stablehlo.add %t, %y",
                               "%r = stablehlo.multiply %s, %x"], "%r"),
    "logistic, power, atan2, remainder": ("f32", ["%l = stablehlo.logistic %x", "%p = stablehlo.power %l, %y",
                                                  "%a = stablehlo.atan2 %p, %x", "%r = stablehlo.remainder %a, %y"], "%r"),
    "f64 transcendental": ("f64", ["%s = stablehlo.sine %x", "%c = stablehlo.cosine %y", "%m = stablehlo.multiply %s, %c",
                                   "%e = stablehlo.exponential_minus_one %m", "%r = stablehlo.add %e, %s"], "%r"),
    "bf16 chain": ("bf16", ["%m = stablehlo.multiply %x, %y", "%a = stablehlo.add %m, %x", "%r = stablehlo.tanh %a"], "%r"),
    "f16 compare select clamp": ("f16", ["%c = stablehlo.compare LT, %x, %y : (tensor<NxT>, tensor<NxT>) -> tensor<Nxi1>",
                                         "%s = stablehlo.select %c, %x, %y : tensor<Nxi1>, tensor<NxT>",
                                         "%r = stablehlo.clamp %y, %s, %x : tensor<NxT>"], "%r"),
}


def values(rng, n, ty):
    v = rng.standard_normal(n) * np.exp2(rng.integers(-20, 20, n).astype(np.float64))
    special = rng.integers(0, 40, n)
    v[special == 0] = 0.0
    v[special == 1] = -0.0
    v[special == 2] = np.inf
    v[special == 3] = -np.inf
    v[special == 4] = np.nan
    limit = {"f16": 65504.0, "bf16": 3.0e38, "f32": 3.0e38, "f64": 1.0e300}[ty]
    return np.clip(v, -limit, limit) if ty == "f16" else v


# NaN and the infinities by their encodings (hex literals, as MLIR writes them).
SPECIAL = {"f32": ("0x7FC00000", "0x7F800000", "0xFF800000"), "f64": ("0x7FF8000000000000", "0x7FF0000000000000", "0xFFF0000000000000"),
           "f16": ("0x7E00", "0x7C00", "0xFC00"), "bf16": ("0x7FC0", "0x7F80", "0xFF80")}


def literal(v, n, ty):
    nan, inf, minus_inf = SPECIAL[ty]
    def one(x):
        if np.isnan(x):
            return nan
        if np.isinf(x):
            return inf if x > 0 else minus_inf
        return repr(float(x))
    return f"dense<[{', '.join(one(x) for x in v)}]> : tensor<{n}x{ty}>"


def program(ty, lines, result, n):
    t = f"tensor<{n}x{ty}>"
    body = ""
    for line in lines:
        line = line.replace("NxT", f"{n}x{ty}").replace("Nxi1", f"{n}xi1")
        body += f"    {line}" + ("" if " : " in line else f" : {t}") + "\n"
    return f"module {{\n  func.func @main(%x: {t}, %y: {t}) -> {t} {{\n{body}    func.return {result} : {t}\n  }}\n}}\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("hloconf")
    parser.add_argument("--elements", type=int, default=4096)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    n = args.elements
    variants = {"generated": {"HLOCONF_CUDA_NVRTC": "1"}, "interpreted": {"HLOCONF_CUDA_NVRTC": "0"},
                "unfused": {"HLOCONF_CUDA_FUSION": "0"}}
    differing = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, (ty, lines, result) in CHAINS.items():
            path = os.path.join(tmp, "p.mlir")
            with open(path, "w") as f:
                f.write(program(ty, lines, result, n))
            xs, ys = literal(values(rng, n, ty), n, ty), literal(values(rng, n, ty), n, ty)
            outputs = {}
            for variant, env in variants.items():
                run = subprocess.run([args.hloconf, "exec", path, "--backend", "cuda", "--arg", xs, "--arg", ys],
                                     capture_output=True, text=True, timeout=120,
                                     env=dict(os.environ, HLOCONF_CUDA_EXPLAIN="1", **env))
                outputs[variant] = run.stdout if run.returncode == 0 else f"exit {run.returncode}: {run.stderr.strip()[-300:]}"
            same = outputs["generated"] == outputs["interpreted"] == outputs["unfused"]
            if not same:
                differing += 1
                detail = []
                for variant, out in outputs.items():
                    if out.startswith("exit"):
                        detail.append(f"{variant}: {out}")
                base = outputs["unfused"].replace("[", " ").replace("]", " ").replace(",", " ").split()
                for variant in ("generated", "interpreted"):
                    other = outputs[variant].replace("[", " ").replace("]", " ").replace(",", " ").split()
                    diffs = [i for i, (a, b) in enumerate(zip(base, other)) if a != b]
                    if diffs:
                        i = diffs[0]
                        detail.append(f"{variant}: {len(diffs)} tokens differ from unfused, first {other[i]} vs {base[i]}")
                print(f"{name} ({ty}, {n} elements): DIFFERENT; " + "; ".join(detail), flush=True)
            else:
                print(f"{name} ({ty}, {n} elements): generated == interpreted == unfused", flush=True)
    print(f"fusion identity: {len(CHAINS) - differing}/{len(CHAINS)} chains bit-identical three ways")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
