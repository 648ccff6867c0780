#!/usr/bin/python3
"""The cpu executor's speed against its comparisons, measured in one run (docs/benchmarks.md, "CPU executor").

    /usr/bin/python3 bench/executor_bench.py BUILD_DIR [--rounds R] [--repeat N] [--only SUBSTRING] [--suite]
    /usr/bin/python3 bench/executor_bench.py BUILD_DIR --gemm-libraries   (oneDNN's sgemm against OpenBLAS's, per shape)

Builds nothing: it runs BUILD_DIR/hloconf exec (min of --repeat runs), BUILD_DIR/bench/sgemm_bench (OpenBLAS
sgemm, memcpy, oneDNN convolution) and torch 1.13 eager in this process (torch.set_num_threads(2)). Each item's executor time and
its comparison's time are measured alternately, --rounds times (the reference: one round of --repeat 3); the figure is the minimum over all runs and
the spread the largest round's ratio over the smallest. Prints one line per item: executor ms, comparison ms,
ratio (executor / comparison; below 1 the executor is faster). --suite adds the spec suite (cases/) through
--backend cpu and --backend reference, in cases per second.
"""
import argparse, os, re, subprocess, sys, tempfile, time

import torch

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
N24 = 1 << 24


def T(shape, ty="f32"):
    return "tensor<" + "".join(f"{d}x" for d in shape) + ty + ">"


def sliced(result, shape):
    """A 1-element slice of the result, so that exec prints one number (the op still runs in full)."""
    r = len(shape)
    zeros, ones = ", ".join(["0"] * r), ", ".join(["1"] * r)
    return (f'    %out = "stablehlo.slice"({result}) {{start_indices = array<i64: {zeros}>, limit_indices = array<i64: {ones}>, '
            f'strides = array<i64: {ones}>}} : ({T(shape)}) -> {T([1] * r)}\n    func.return %out : {T([1] * r)}\n')


def program(args, body, result, shape):
    params = ", ".join(f"%{n}: {T(s)}" for n, s in args)
    return f"module {{\n  func.func @main({params}) -> {T([1] * len(shape))} {{\n{body}{sliced(result, shape)}  }}\n}}\n"


def splat_args(args, value="0.5"):
    return [f"dense<{value}> : {T(s)}" for _, s in args]


class Runner:
    def __init__(self, build, repeat, tmp):
        self.hloconf = os.path.join(build, "hloconf")
        self.sgemm = os.path.join(build, "bench", "sgemm_bench")
        self.repeat, self.tmp = repeat, tmp

    def exec(self, text_or_file, args, backend="cpu", repeat=None, env=None):
        path = text_or_file
        if "\n" in text_or_file:
            path = os.path.join(self.tmp, f"p{abs(hash(text_or_file))}.mlir")
            with open(path, "w") as f:
                f.write(text_or_file)
        cmd = [self.hloconf, "exec", path, "--backend", backend, "--repeat", str(repeat or self.repeat)]
        for a in args:
            cmd += ["--arg", a]
        start = time.perf_counter()
        out = subprocess.run(cmd, capture_output=True, text=True, env=dict(os.environ, **(env or {})))
        wall = (time.perf_counter() - start) * 1e3
        m = re.search(r"min ([0-9.e+-]+) ms", out.stdout)
        if out.returncode != 0 or (not m and (repeat or self.repeat) > 1):
            raise RuntimeError(f"{' '.join(cmd[:3])}: {out.stderr.strip()[:300]}")
        # One run prints no time: the process's wall time (parsing and start-up included, small against
        # the reference's seconds).
        return float(m.group(1)) if m else wall

    def native(self, *args):
        out = subprocess.run([self.sgemm, *map(str, args)], capture_output=True, text=True, check=True)
        return float(re.search(r"min ([0-9.e+-]+) ms", out.stdout).group(1))


def torch_min(fn, repeat):
    fn()
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best * 1e3


def items(r, repeat):
    """(name, executor thunk, comparison name, comparison thunk)."""
    out = []
    # dot_general
    for m, n, k, batch in [(256, 256, 256, 0), (1024, 1024, 1024, 0), (128, 128, 64, 32)]:
        if batch:
            a, b, o = [batch, m, k], [batch, k, n], [batch, m, n]
            dn = "lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]"
            name = f"dot_general {batch}x{m}x{k}x{n}"
        else:
            a, b, o = [m, k], [k, n], [m, n]
            dn = "lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]"
            name = f"dot_general {m}^3"
        args = [("a", a), ("b", b)]
        text = program(args, f'    %r = "stablehlo.dot_general"(%a, %b) {{dot_dimension_numbers = #stablehlo.dot<{dn}>}} : ({T(a)}, {T(b)}) -> {T(o)}\n', "%r", o)
        out.append((name, lambda t=text, a=args: r.exec(t, splat_args(a)), "OpenBLAS sgemm",
                    lambda m=m, n=n, k=k, batch=batch: r.native("sgemm", m, n, k, max(batch, 1), repeat)))
        if m == 256 and not batch:
            # The reference's evaluation in the process (min of 3 runs), as the executor's: no start-up.
            out.append((name, lambda t=text, a=args: r.exec(t, splat_args(a)), "reference (min of 3)",
                        lambda t=text, a=args: r.exec(t, splat_args(a), "reference", 3)))
    # convolution
    for s, c in [(64, 32), (56, 64)]:
        x, w = [1, s, s, c], [3, 3, c, c]
        args = [("x", x), ("w", w)]
        text = program(args, f'    %r = "stablehlo.convolution"(%x, %w) {{window_strides = array<i64: 1, 1>, padding = dense<1> : tensor<2x2xi64>, '
                       f'dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, '
                       f'batch_group_count = 1 : i64}} : ({T(x)}, {T(w)}) -> {T(x)}\n', "%r", x)
        tx, tw = torch.full((1, c, s, s), 0.5), torch.full((c, c, 3, 3), 0.5)
        name = f"convolution 1x{s}x{s}x{c} * 3x3x{c}x{c}"
        out.append((name, lambda t=text, a=args: r.exec(t, splat_args(a)), "oneDNN called directly",
                    lambda s=s, c=c: r.native("conv", s, c, repeat)))
        out.append((name, lambda t=text, a=args: r.exec(t, splat_args(a)),
                    "torch conv2d", lambda tx=tx, tw=tw: torch_min(lambda: torch.nn.functional.conv2d(tx, tw, padding=1), repeat)))
    # transcendental ops
    big = torch.full((N24,), 0.5)
    for op, fn in [("exponential", torch.exp), ("tanh", torch.tanh), ("log", torch.log), ("sine", torch.sin)]:
        args = [("x", [N24])]
        text = program(args, f'    %r = "stablehlo.{op}"(%x) : ({T([N24])}) -> {T([N24])}\n', "%r", [N24])
        out.append((f"{op} 2^24 f32", lambda t=text, a=args: r.exec(t, splat_args(a)), f"torch.{fn.__name__}",
                    lambda fn=fn: torch_min(lambda: fn(big), repeat)))
    # a chain of five elementwise ops against a copy of the same bytes (in + out: 2 x 64 MiB)
    args = [("x", [N24])]
    body, v = "", "%x"
    for i, op in enumerate(["add", "multiply", "subtract", "maximum", "multiply"]):
        body += f'    %c{i} = "stablehlo.{op}"({v}, %x) : ({T([N24])}, {T([N24])}) -> {T([N24])}\n'
        v = f"%c{i}"
    text = program(args, body, v, [N24])
    out.append(("chain of 5 elementwise 2^24 f32", lambda t=text, a=args: r.exec(t, splat_args(a)), "memcpy 64 MiB",
                lambda: r.native("memcpy", 4 * N24, repeat)))
    # reduce, transpose, sort, gather
    sq = [4096, 4096]
    text = program([("x", sq)], f'''    %z = stablehlo.constant dense<0.0> : tensor<f32>
    %r = "stablehlo.reduce"(%x, %z) ({{
      ^bb0(%p: tensor<f32>, %q: tensor<f32>):
        %s = "stablehlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%s) : (tensor<f32>) -> ()
    }}) {{dimensions = array<i64: 1>}} : ({T(sq)}, tensor<f32>) -> {T([4096])}
''', "%r", [4096])
    t4 = torch.full(sq, 0.5)
    out.append(("reduce sum 4096x4096 -> 4096", lambda t=text: r.exec(t, splat_args([("x", sq)])), "torch.sum(dim=1)",
                lambda: torch_min(lambda: t4.sum(dim=1), repeat)))
    text = program([("x", sq)], f'    %r = "stablehlo.transpose"(%x) {{permutation = array<i64: 1, 0>}} : ({T(sq)}) -> {T(sq)}\n', "%r", sq)
    t4r = torch.rand(sq)
    out.append(("transpose 4096x4096", lambda t=text: r.exec(t, splat_args([("x", sq)])), "torch .t().contiguous()",
                lambda: torch_min(lambda: t4r.t().contiguous(), repeat)))
    n20 = 1 << 20
    # sort: scrambled data from iota inside the program, sine(i * 12.9898) (the same values in torch)
    text = program([], f'''    %i = "stablehlo.iota"() {{iota_dimension = 0 : i64}} : () -> {T([n20])}
    %k = stablehlo.constant dense<12.9898> : {T([n20])}
    %m = "stablehlo.multiply"(%i, %k) : ({T([n20])}, {T([n20])}) -> {T([n20])}
    %d = "stablehlo.sine"(%m) : ({T([n20])}) -> {T([n20])}
    %r = "stablehlo.sort"(%d) ({{
      ^bb0(%p: tensor<f32>, %q: tensor<f32>):
        %c = "stablehlo.compare"(%p, %q) {{comparison_direction = #stablehlo<comparison_direction LT>}} : (tensor<f32>, tensor<f32>) -> tensor<i1>
        "stablehlo.return"(%c) : (tensor<i1>) -> ()
    }}) {{dimension = 0 : i64, is_stable = false}} : ({T([n20])}) -> {T([n20])}
''', "%r", [n20])
    sd = torch.sin(torch.arange(n20, dtype=torch.float32) * 12.9898)
    out.append(("sort 2^20 f32 (with iota+sine)", lambda t=text: r.exec(t, []), "torch.sort (+ the same sine)",
                lambda: torch_min(lambda: torch.sort(torch.sin(torch.arange(n20, dtype=torch.float32) * 12.9898)), repeat)))
    # gather: 2^20 rows of 16 f32 from a 65536x16 table, row (i * 7919) mod 65536
    tab, idx = [65536, 16], [n20]
    text = program([("t", tab)], f'''    %i = "stablehlo.iota"() {{iota_dimension = 0 : i64}} : () -> {T(idx, "i32")}
    %p = stablehlo.constant dense<7919> : {T(idx, "i32")}
    %m = "stablehlo.multiply"(%i, %p) : ({T(idx, "i32")}, {T(idx, "i32")}) -> {T(idx, "i32")}
    %w = stablehlo.constant dense<65535> : {T(idx, "i32")}
    %j = "stablehlo.and"(%m, %w) : ({T(idx, "i32")}, {T(idx, "i32")}) -> {T(idx, "i32")}
    %r = "stablehlo.gather"(%t, %j) {{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>,
      slice_sizes = array<i64: 1, 16>, indices_are_sorted = false}} : ({T(tab)}, {T(idx, "i32")}) -> {T([n20, 16])}
''', "%r", [n20, 16])
    tt = torch.full(tab, 0.5)
    ti = (torch.arange(n20, dtype=torch.int64) * 7919) & 65535
    out.append(("gather 2^20 rows of 16 f32", lambda t=text: r.exec(t, splat_args([("t", tab)])), "torch.index_select",
                lambda: torch_min(lambda: torch.index_select(tt, 0, ti), repeat)))
    # the model-shaped programs
    models = [("mlp_gelu", [16, 256], torch_mlp), ("cnn_block", [1, 16, 16, 32], torch_cnn), ("transformer_block", [64, 128], torch_transformer)]
    for name, shape, fn in models:
        path = os.path.join(ROOT, "bench", "programs", name + ".mlir")
        args = [f"dense<0.5> : {T(shape)}"]
        out.append((name, lambda p=path, a=args: r.exec(p, a), "torch eager", lambda fn=fn: torch_min(fn, repeat)))
        out.append((name, lambda p=path, a=args: r.exec(p, a), "reference (1 run)", lambda p=path, a=args: r.exec(p, a, "reference", 1)))
    return out


def torch_gelu(x):
    return 0.5 * x * (1 + torch.tanh(0.7978845608 * (x + 0.044715 * x * x * x)))


W256 = torch.full((256, 256), 0.01)
B256 = torch.full((256,), 0.1)
X_MLP = torch.full((16, 256), 0.5)


def torch_mlp():
    h = X_MLP
    for _ in range(4):
        h = torch_gelu(h @ W256 + B256)
    return h


X_CNN = torch.full((1, 32, 16, 16), 0.5)
W_CNN = torch.full((32, 32, 3, 3), 0.01)
C32 = [torch.full((32,), v) for v in (0.2, 2.0, 1.5, 0.1)]


def torch_cnn():
    y = torch.nn.functional.conv2d(X_CNN, W_CNN, padding=1)
    y = torch.nn.functional.batch_norm(y, C32[0], C32[1], C32[2], C32[3], training=False, eps=1e-5)
    return torch.maximum(y, torch.zeros(()))


X_TR = torch.full((64, 128), 0.5)
W128 = torch.full((128, 128), 0.01)


def torch_transformer():
    x = X_TR
    q, k, v = x @ W128, x @ W128, x @ W128
    s = (q @ k.t()) * (1 / 128 ** 0.5)
    e = torch.exp(s - s.max(dim=1, keepdim=True).values)
    a = e / e.sum(dim=1, keepdim=True)
    h = x + (a @ v) @ W128
    c = h - h.mean(dim=1, keepdim=True)
    return c * torch.rsqrt((c * c).mean(dim=1, keepdim=True) + 1e-5)


def gemm_items(r):
    """f32 dot_general through the executor with each GEMM library forced (HLOCONF_CPU_GEMM): where oneDNN's
    sgemm beats OpenBLAS's, which sets products_common.cc's threshold."""
    out = []
    for m, n, k in [(8, 8, 8), (32, 32, 32), (64, 64, 64), (64, 64, 128), (16, 256, 256), (128, 128, 64),
                    (64, 128, 128), (256, 256, 256), (512, 512, 512), (1024, 1024, 1024), (4096, 64, 64), (64, 4096, 64)]:
        a, b, o = [m, k], [k, n], [m, n]
        args = [("a", a), ("b", b)]
        text = program(args, f'    %r = "stablehlo.dot_general"(%a, %b) {{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], '
                       f'rhs_contracting_dimensions = [0]>}} : ({T(a)}, {T(b)}) -> {T(o)}\n', "%r", o)
        out.append((f"gemm {m}x{n}x{k} (2^{(m * n * k).bit_length() - 1})",
                    lambda t=text, a=args: r.exec(t, splat_args(a), env={"HLOCONF_CPU_GEMM": "onednn"}), "the same, OpenBLAS",
                    lambda t=text, a=args: r.exec(t, splat_args(a), env={"HLOCONF_CPU_GEMM": "openblas"})))
    return out


def suite(build):
    hloconf = os.path.join(build, "hloconf")
    subprocess.run([hloconf, "run", "--backend", "reference", "-q", os.path.join(ROOT, "cases")], capture_output=True)  # warms the golden cache
    rates = {}
    for backend in ["cpu", "reference"]:
        start = time.perf_counter()
        out = subprocess.run([hloconf, "run", "--backend", backend, "-q", os.path.join(ROOT, "cases")], capture_output=True, text=True)
        seconds = time.perf_counter() - start
        cases = sum(int(n) for n in re.findall(r"(\d+) (?:PASS|FAIL|ERROR|UNSUPPORTED|CRASH|TIMEOUT|SKIP)", out.stdout + out.stderr))
        rates[backend] = (cases, seconds)
    (cc, cs), (rc, rs) = rates["cpu"], rates["reference"]
    print(f"{'spec suite (cases/)':<34} cpu {cc} cases in {cs:.1f} s = {cc / cs:.0f} cases/s; reference {rc} in {rs:.1f} s = {rc / rs:.0f} cases/s; ratio {rs / cs:.2f}x")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=10)
    ap.add_argument("--only", default="")
    ap.add_argument("--suite", action="store_true")
    ap.add_argument("--gemm-libraries", action="store_true", help="only oneDNN's sgemm against OpenBLAS's, per shape")
    o = ap.parse_args()
    torch.set_num_threads(2)
    with tempfile.TemporaryDirectory() as tmp:
        r = Runner(o.build, o.repeat, tmp)
        print(f"{'item':<34} {'executor ms':>12} {'comparison':<30} {'ms':>10} {'ratio':>8} {'spread':>7}")
        for name, ours, other_name, other in (gemm_items(r) if o.gemm_libraries else items(r, o.repeat)):
            if o.only not in name + " " + other_name:
                continue
            rounds = 1 if "reference" in other_name else o.rounds
            a, b = [], []
            try:
                for _ in range(rounds):
                    a.append(ours())
                    b.append(other())
            except Exception as e:  # noqa: BLE001 - one item's failure is printed, the rest still run
                print(f"{name:<34} failed: {e}")
                continue
            ratios = [x / y for x, y in zip(a, b)]
            print(f"{name:<34} {min(a):>12.4g} {other_name:<30} {min(b):>10.4g} {min(a) / min(b):>8.3g} {max(ratios) / min(ratios):>7.2f}",
                  flush=True)
    if o.suite:
        suite(o.build)


if __name__ == "__main__":
    main()
