#!/usr/bin/env python3
"""Our CUDA executor against XLA:GPU and torch on the same GPU, measured in one run (docs/benchmarks.md, "GPU").

    python3 bench/gpu/gpu_bench.py HLOCONF [--repeat N] [--only SUBSTRING] [--json FILE]

Runs on the GPU machine (python3 with jax, jaxlib and torch). Each item is one StableHLO program whose inputs are
arguments (0.5 everywhere: no compiler can fold them) and whose result is returned whole, run three ways, each
the minimum over --repeat runs after two warm-up runs, all three timing the device's work only:

- ours: `HLOCONF exec PROGRAM --backend cuda --repeat N`, its `device:` line: from the inputs on the device to
  the results ready on the device (the uploads and read-backs around each run are not counted); from the
  second run on, a program without control flow runs as one CUDA graph (executors/cuda/README.md);
- XLA:GPU: the same program text (our generic form) compiled by jaxlib's client (adapters/xla/xla_runtime.py),
  inputs put on the device once, timed to the results' block_until_ready (they stay on the device);
- torch: the same computation in eager torch on device tensors, timed between torch.cuda.synchronize() calls.

f32 products run in full f32 everywhere: the programs ask for precision HIGHEST (XLA:GPU's DEFAULT would use
TF32) and torch's TF32 switches are off. Prints one line per item: ours, XLA and torch in ms, and ours / XLA
(the issue's target: at most 1.2).
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
N28 = 1 << 28
HIGHEST = "precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]"


def T(shape, ty="f32"):
    return "tensor<" + "".join(f"{d}x" for d in shape) + ty + ">"


def module(args, body, result, shape, ty="f32"):
    """A @main of `args` ((name, shape, type) each) that computes `body` and returns `result` whole."""
    params = ", ".join(f"%{n}: {T(s, t)}" for n, s, t in args)
    return (f"module {{\n  func.func @main({params}) -> {T(shape, ty)} {{\n{body}"
            f"    func.return {result} : {T(shape, ty)}\n  }}\n}}\n")


def splat(shape, ty="f32", value=0.5):
    """One input for every backend: `value` everywhere, as a numpy array (XLA) and an hloconf literal (ours)."""
    array = np.full(shape, value, np.float32)
    if ty == "bf16":
        import ml_dtypes
        array = array.astype(ml_dtypes.bfloat16)
    return array, f"dense<{value}> : {T(shape, ty)}"


def items():
    """(name, MLIR text, [(numpy input, hloconf literal)], torch thunk on device tensors or None)."""
    out = []
    m = 4096
    for ty, tdt in [("f32", torch.float32), ("bf16", torch.bfloat16)]:
        body = (f'    %r = "stablehlo.dot_general"(%a, %b) {{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], '
                f"rhs_contracting_dimensions = [0]>, {HIGHEST}}} : ({T([m, m], ty)}, {T([m, m], ty)}) -> {T([m, m], ty)}\n")
        ta = torch.full((m, m), 0.5, dtype=tdt, device="cuda")
        tb = torch.full((m, m), 0.5, dtype=tdt, device="cuda")
        out.append((f"dot_general {m}^3 {ty}", module([("a", [m, m], ty), ("b", [m, m], ty)], body, "%r", [m, m], ty),
                    [splat([m, m], ty), splat([m, m], ty)], lambda ta=ta, tb=tb: ta @ tb))
    # convolution, NHWC, the CPU benchmark's 56x56x64 layer with a batch of 32
    x, w = [32, 56, 56, 64], [3, 3, 64, 64]
    body = (f'    %r = "stablehlo.convolution"(%x, %w) {{window_strides = array<i64: 1, 1>, padding = dense<1> : tensor<2x2xi64>, '
            f"dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, "
            f"batch_group_count = 1 : i64, {HIGHEST}}} : ({T(x)}, {T(w)}) -> {T(x)}\n")
    tx = torch.full((32, 64, 56, 56), 0.5, device="cuda").to(memory_format=torch.channels_last)
    tw = torch.full((64, 64, 3, 3), 0.5, device="cuda").to(memory_format=torch.channels_last)
    out.append(("convolution 32x56x56x64 * 3x3x64x64", module([("x", x, "f32"), ("w", w, "f32")], body, "%r", x),
                [splat(x), splat(w)], lambda: torch.nn.functional.conv2d(tx, tw, padding=1)))
    # elementwise, 2^28 f32 (1 GiB a tensor)
    big = torch.full((N28,), 0.5, device="cuda")
    for op, fn in [("exponential", torch.exp), ("tanh", torch.tanh)]:
        body = f'    %r = "stablehlo.{op}"(%x) : ({T([N28])}) -> {T([N28])}\n'
        out.append((f"{op} 2^28 f32", module([("x", [N28], "f32")], body, "%r", [N28]), [splat([N28])],
                    lambda fn=fn: fn(big)))
    body, v = "", "%x"
    for i, op in enumerate(["add", "multiply", "subtract", "maximum", "multiply"]):
        body += f'    %c{i} = "stablehlo.{op}"({v}, %x) : ({T([N28])}, {T([N28])}) -> {T([N28])}\n'
        v = f"%c{i}"

    def torch_chain():
        y = big + big
        y = y * big
        y = y - big
        y = torch.maximum(y, big)
        return y * big
    out.append(("chain of 5 elementwise 2^28 f32", module([("x", [N28], "f32")], body, v, [N28]), [splat([N28])],
                torch_chain))
    # softplus, log(1 + e^x): two library functions in one fused kernel
    body = (f'    %e = "stablehlo.exponential"(%x) : ({T([N28])}) -> {T([N28])}\n'
            f'    %r = "stablehlo.log_plus_one"(%e) : ({T([N28])}) -> {T([N28])}\n')
    out.append(("softplus 2^28 f32", module([("x", [N28], "f32")], body, "%r", [N28]), [splat([N28])],
                lambda: torch.log1p(torch.exp(big))))
    sq = [16384, 16384]
    body = f"""    %z = stablehlo.constant dense<0.0> : tensor<f32>
    %r = "stablehlo.reduce"(%x, %z) ({{
      ^bb0(%p: tensor<f32>, %q: tensor<f32>):
        %s = "stablehlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%s) : (tensor<f32>) -> ()
    }}) {{dimensions = array<i64: 1>}} : ({T(sq)}, tensor<f32>) -> {T([16384])}
"""
    tsq = torch.full(sq, 0.5, device="cuda")
    out.append(("reduce sum 16384x16384 -> 16384", module([("x", sq, "f32")], body, "%r", [16384]), [splat(sq)],
                lambda: tsq.sum(dim=1)))
    # the model-shaped programs of the CPU benchmark, on their own small inputs
    for name, shape in [("mlp_gelu", [16, 256]), ("cnn_block", [1, 16, 16, 32]), ("transformer_block", [64, 128])]:
        with open(os.path.join(ROOT, "bench", "programs", name + ".mlir")) as f:
            out.append((name, f.read(), [splat(shape)], None))
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

    def time(self, path, inputs, fusion=True, cudnn=True, nvrtc=True, graphs=True):
        cmd = [self.hloconf, "exec", path, "--backend", "cuda", "--repeat", str(self.repeat + 2)]
        for _, literal in inputs:
            cmd += ["--arg", literal]
        env = dict(os.environ, HLOCONF_CUDA_FUSION="1" if fusion else "0", HLOCONF_CUDA_CUDNN="1" if cudnn else "0",
                   HLOCONF_CUDA_NVRTC="" if nvrtc else "0", HLOCONF_CUDA_GRAPHS="" if graphs else "0",
                   HLOCONF_CUDA_EXPLAIN="1")
        run = subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env)
        # The device's own time (inputs already uploaded, results not read back yet), as XLA's and torch's are.
        found = re.search(r"device: .*min ([0-9.e+-]+) ms", run.stdout)
        # What the executor says of its choices (HLOCONF_CUDA_EXPLAIN), once each.
        notes = sorted(set(line for line in run.stderr.splitlines() if line.startswith("hloconf cuda:")))
        if found:
            return float(found.group(1)), "; ".join(notes)
        return None, "; ".join(notes + ((run.stdout + run.stderr).strip().splitlines()[-1:] or ["no output"]))


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
            if name.startswith(("chain", "softplus")):  # what fusing the chain into one kernel buys
                row["ours_unfused_ms"], _ = ours.time(path, inputs, fusion=False)
                # ... and what a generated kernel (NVRTC) buys over the fused interpreter
                row["ours_interpreted_ms"], _ = ours.time(path, inputs, nvrtc=False)
            if torch_fn is None:  # the model programs: what one graph launch buys over a launch per step
                row["ours_stepwise_ms"], _ = ours.time(path, inputs, graphs=False)
            if name.startswith("convolution"):  # what cuDNN buys over the direct kernel
                row["ours_direct_ms"], _ = ours.time(path, inputs, cudnn=False)
            if generic is None:
                row["xla_note"] = f"our printer: {why.strip()[:200]}"
            else:
                try:
                    compiled = xla.compile(generic, 1, 1)
                    device_inputs = [xla.jax.device_put(a, xla.devices[0]) for a, _ in inputs]
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
                  + (f"  [ours unfused {fmt(row['ours_unfused_ms'])} ms]" if "ours_unfused_ms" in row else "")
                  + (f"  [ours step by step {fmt(row['ours_stepwise_ms'])} ms]" if "ours_stepwise_ms" in row else "")
                  + (f"  [ours interpreted {fmt(row['ours_interpreted_ms'])} ms]" if "ours_interpreted_ms" in row else "")
                  + (f"  [ours direct kernel {fmt(row['ours_direct_ms'])} ms]" if "ours_direct_ms" in row else "")
                  + (f"  [ours: {row['ours_note']}]" if row.get("ours_note") else "")
                  + (f"  [XLA: {row['xla_note']}]" if row.get("xla_note") else ""), flush=True)
            rows.append(row)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
