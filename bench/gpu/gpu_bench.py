#!/usr/bin/env python3
"""Our CUDA executor against XLA:GPU and torch on the same GPU, measured in one run (docs/benchmarks.md, "GPU").

    python3 bench/gpu/gpu_bench.py HLOCONF [--repeat N] [--only SUBSTRING] [--json FILE]

Runs on the GPU machine (python3 with jax, jaxlib and torch). Each item is one StableHLO program, run three
ways, each the minimum over --repeat runs after two warm-up runs:

- ours: `HLOCONF exec PROGRAM --backend cuda --repeat N` (its "min ... ms": one whole run of the program,
  inputs uploaded and the result read back included);
- XLA:GPU: the same program text (our generic form) compiled by jaxlib's client (adapters/xla/xla_runtime.py),
  inputs already on the device, timed to the result's block_until_ready;
- torch: the same computation in eager torch on the GPU, timed between torch.cuda.synchronize() calls.

The large items make their inputs inside the program (iota, sine) and return a one-element slice, so that
what is timed is the computation, not host transfers. f32 products run in full f32 everywhere: the programs
ask for precision HIGHEST (XLA:GPU's DEFAULT would use TF32) and torch's TF32 switches are off.
Prints one line per item: ours, XLA and torch in ms, and ours / XLA (the issue's target: at most 1.2).
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "adapters", "xla"))
import xla_runtime as X  # noqa: E402

X.configure("gpu")
import numpy as np  # noqa: E402
import torch  # noqa: E402

torch.backends.cuda.matmul.allow_tf32 = False
torch.backends.cudnn.allow_tf32 = False
N24, N28 = 1 << 24, 1 << 28
HIGHEST = "precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]"


def T(shape, ty="f32"):
    return "tensor<" + "".join(f"{d}x" for d in shape) + ty + ">"


def module(body, result, shape, ty="f32", args=()):
    """A @main that computes `body` and returns a 1-element slice of `result` (the op still runs in full)."""
    r = len(shape)
    zeros, ones = ", ".join(["0"] * r), ", ".join(["1"] * r)
    params = ", ".join(f"%{n}: {T(s)}" for n, s in args)
    return (f"module {{\n  func.func @main({params}) -> {T([1] * r, ty)} {{\n{body}"
            f'    %out = "stablehlo.slice"({result}) {{start_indices = array<i64: {zeros}>, limit_indices = array<i64: {ones}>, '
            f"strides = array<i64: {ones}>}} : ({T(shape, ty)}) -> {T([1] * r, ty)}\n"
            f"    func.return %out : {T([1] * r, ty)}\n  }}\n}}\n")


def wave(name, shape, fn="sine", scale="0.001"):
    """%name = fn(iota * scale) reshaped to `shape`: device-made data with no host transfer."""
    n = int(np.prod(shape))
    return (f'    %{name}_i = "stablehlo.iota"() {{iota_dimension = 0 : i64}} : () -> {T([n])}\n'
            f"    %{name}_k = stablehlo.constant dense<{scale}> : {T([n])}\n"
            f'    %{name}_m = "stablehlo.multiply"(%{name}_i, %{name}_k) : ({T([n])}, {T([n])}) -> {T([n])}\n'
            f'    %{name}_w = "stablehlo.{fn}"(%{name}_m) : ({T([n])}) -> {T([n])}\n'
            f'    %{name} = "stablehlo.reshape"(%{name}_w) : ({T([n])}) -> {T(shape)}\n')


def torch_wave(shape, fn=torch.sin, scale=0.001):
    n = int(np.prod(shape))
    return fn(torch.arange(n, dtype=torch.float32, device="cuda") * scale).reshape(shape)


def items():
    """(name, MLIR text, numpy inputs, torch thunk)."""
    out = []
    m = 4096
    for ty, tdt in [("f32", torch.float32), ("bf16", torch.bfloat16)]:
        body = wave("a", [m, m]) + wave("b", [m, m], "cosine")
        lhs, rhs = "%a", "%b"
        if ty != "f32":
            body += (f'    %a2 = "stablehlo.convert"(%a) : ({T([m, m])}) -> {T([m, m], ty)}\n'
                     f'    %b2 = "stablehlo.convert"(%b) : ({T([m, m])}) -> {T([m, m], ty)}\n')
            lhs, rhs = "%a2", "%b2"
        body += (f'    %r = "stablehlo.dot_general"({lhs}, {rhs}) {{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], '
                 f"rhs_contracting_dimensions = [0]>, {HIGHEST}}} : ({T([m, m], ty)}, {T([m, m], ty)}) -> {T([m, m], ty)}\n")

        def torch_dot(tdt=tdt):
            return torch_wave([m, m]).to(tdt) @ torch_wave([m, m], torch.cos).to(tdt)
        out.append((f"dot_general {m}^3 {ty}", module(body, "%r", [m, m], ty), [], torch_dot))
    # convolution, NHWC, the CPU benchmark's 56x56x64 layer with a batch of 32
    x, w = [32, 56, 56, 64], [3, 3, 64, 64]
    body = wave("x", x) + wave("w", w, "cosine") + (
        f'    %r = "stablehlo.convolution"(%x, %w) {{window_strides = array<i64: 1, 1>, padding = dense<1> : tensor<2x2xi64>, '
        f"dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, "
        f"batch_group_count = 1 : i64, {HIGHEST}}} : ({T(x)}, {T(w)}) -> {T(x)}\n")

    def torch_conv():
        tx = torch_wave(x).permute(0, 3, 1, 2)
        tw = torch_wave(w, torch.cos).permute(3, 2, 0, 1)
        return torch.nn.functional.conv2d(tx, tw, padding=1)
    out.append(("convolution 32x56x56x64 * 3x3x64x64", module(body, "%r", x), [], torch_conv))
    # elementwise, 2^28 f32 (1 GiB a tensor)
    for op, fn in [("exponential", torch.exp), ("tanh", torch.tanh)]:
        body = wave("x", [N28], "sine", "0.0001") + f'    %r = "stablehlo.{op}"(%x) : ({T([N28])}) -> {T([N28])}\n'
        out.append((f"{op} 2^28 f32", module(body, "%r", [N28]), [], lambda fn=fn: fn(torch_wave([N28], scale=0.0001))))
    body, v = wave("x", [N28], "sine", "0.0001"), "%x"
    ops = ["add", "multiply", "subtract", "maximum", "multiply"]
    for i, op in enumerate(ops):
        body += f'    %c{i} = "stablehlo.{op}"({v}, %x) : ({T([N28])}, {T([N28])}) -> {T([N28])}\n'
        v = f"%c{i}"

    def torch_chain():
        tx = torch_wave([N28], scale=0.0001)
        y = tx + tx
        y = y * tx
        y = y - tx
        y = torch.maximum(y, tx)
        return y * tx
    out.append(("chain of 5 elementwise 2^28 f32", module(body, v, [N28]), [], torch_chain))
    sq = [16384, 16384]
    body = wave("x", sq) + f"""    %z = stablehlo.constant dense<0.0> : tensor<f32>
    %r = "stablehlo.reduce"(%x, %z) ({{
      ^bb0(%p: tensor<f32>, %q: tensor<f32>):
        %s = "stablehlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%s) : (tensor<f32>) -> ()
    }}) {{dimensions = array<i64: 1>}} : ({T(sq)}, tensor<f32>) -> {T([16384])}
"""
    out.append(("reduce sum 16384x16384 -> 16384", module(body, "%r", [16384]), [], lambda: torch_wave(sq).sum(dim=1)))
    # the model-shaped programs of the CPU benchmark, on their own small inputs
    sys.path.insert(0, os.path.join(ROOT, "bench"))
    for name, shape in [("mlp_gelu", [16, 256]), ("cnn_block", [1, 16, 16, 32]), ("transformer_block", [64, 128])]:
        with open(os.path.join(ROOT, "bench", "programs", name + ".mlir")) as f:
            out.append((name, f.read(), [np.full(shape, 0.5, np.float32)], None))
    return out


def best(fn, repeat):
    fn()
    fn()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1e3)
    return min(times)


class Ours:
    def __init__(self, hloconf, repeat, tmp):
        self.hloconf, self.repeat, self.tmp = hloconf, repeat, tmp

    def generic(self, text):
        """Our generic form of `text` (what every backend gets), or None with the parser's message."""
        path = os.path.join(self.tmp, f"p{abs(hash(text))}.mlir")
        with open(path, "w") as f:
            f.write(text)
        printed = subprocess.run([self.hloconf, "parse", "--print", path], capture_output=True, text=True)
        # stdout is the module, then the "parsed 1/1 files" tally.
        text = "".join(line for line in printed.stdout.splitlines(keepends=True) if not line.startswith("parsed "))
        return path, (text if printed.returncode == 0 else None), printed.stderr

    def time(self, path, inputs):
        cmd = [self.hloconf, "exec", path, "--backend", "cuda", "--repeat", str(self.repeat + 2)]
        for array in inputs:
            cmd += ["--arg", f"dense<{float(array.flat[0])}> : {T(array.shape)}"]
        run = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        found = re.search(r"min ([0-9.e+-]+) ms", run.stdout)
        if found:
            return float(found.group(1)), ""
        return None, (run.stdout + run.stderr).strip().splitlines()[-1:] or ["no output"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("hloconf")
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--only", default="")
    parser.add_argument("--json", default="")
    args = parser.parse_args()
    xla = X.Xla("gpu")
    print(f"device: {torch.cuda.get_device_name()}; torch {torch.__version__}; {xla.describe()}", flush=True)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        ours = Ours(args.hloconf, args.repeat, tmp)
        for name, text, inputs, torch_fn in items():
            if args.only and args.only not in name:
                continue
            row = {"item": name}
            path, generic, why = ours.generic(text)
            row["ours_ms"], row["ours_note"] = ours.time(path, inputs)
            if generic is None:
                row["xla_note"] = f"our printer: {why.strip()[:200]}"
            else:
                try:
                    compiled = xla.compile(generic, 1, 1)
                    device_inputs = [xla.jax.device_put(a, xla.devices[0]) for a in inputs]
                    executable = compiled[0]

                    def run_xla(executable=executable, device_inputs=device_inputs):
                        for array in executable.execute_sharded(device_inputs).disassemble_into_single_device_arrays():
                            array[0].block_until_ready()
                    row["xla_ms"] = best(run_xla, args.repeat)
                except Exception as error:  # noqa: BLE001 (reported in the row)
                    row["xla_note"] = str(error).splitlines()[0][:200]
            if torch_fn is not None:
                def run_torch(torch_fn=torch_fn):
                    torch_fn()
                    torch.cuda.synchronize()
                row["torch_ms"] = best(run_torch, args.repeat)
            ratio = row["ours_ms"] / row["xla_ms"] if row.get("ours_ms") and row.get("xla_ms") else None
            row["ours_over_xla"] = ratio
            fmt = lambda v: f"{v:9.3f}" if isinstance(v, float) else f"{'n/a':>9}"  # noqa: E731
            print(f"{name:<38} ours {fmt(row.get('ours_ms'))} ms  XLA {fmt(row.get('xla_ms'))} ms  torch "
                  f"{fmt(row.get('torch_ms'))} ms  ours/XLA {fmt(ratio)}"
                  + (f"  [ours: {row['ours_note']}]" if row.get("ours_note") else "")
                  + (f"  [XLA: {row['xla_note']}]" if row.get("xla_note") else ""), flush=True)
            rows.append(row)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
