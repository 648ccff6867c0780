#!/usr/bin/python3
"""Sorts every non-PASS case of a `--backend stablehlo-translate` run into the causes that
docs/reports/stablehlo-interpreter.md explains, and prints the report's table rows (cause, cases, ops, an
example). A case no rule matches is listed as unclassified: the report's claim that every non-PASS has a
known cause holds only while that count is 0.

    /usr/bin/python3 adapters/stablehlo-translate/classify.py RUN_DIR/results.json

The unsigned-index rule regenerates the case (`build/hloconf gen --id`) to look at its index types."""
import collections
import json
import os
import subprocess
import sys

HLOCONF = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "build", "hloconf")
with open(sys.argv[1]) as f:
    d = json.load(f)
def unsigned_indices(c):
    if c["id"].startswith("spec/"):
        return "unsigned-index" in c["id"]
    text = subprocess.run([HLOCONF, "gen", "--id", c["id"]], capture_output=True, text=True).stdout
    return "xui" in text or "<ui" in text
CPLX_STABLEHLO = {"exponential_minus_one", "log_plus_one", "atan2", "power", "cbrt", "sign", "chlo.broadcast_atan2", "chlo.broadcast_power",
                  "exponential", "log", "sqrt", "rsqrt", "tan", "tanh", "sine", "cosine", "divide", "chlo.broadcast_divide", "logistic", "chlo.tan", "multiply", "chlo.broadcast_multiply"}
RULES = [
  ("UNSUPPORTED", lambda c: "process grid" in c["message"], "U1 process grids"),
  ("UNSUPPORTED", lambda c: "quant" in c["message"], "U2 quantized types"),
  ("UNSUPPORTED", lambda c: "can be decomposed" in c["message"], "U3 ops the interpreter leaves to decompositions"),
  ("UNSUPPORTED", lambda c: "stablehlo.fft" in c["message"], "U4 fft"),
  ("UNSUPPORTED", lambda c: "Unsupported element type: complex" in c["message"], "U5 compare on complex"),
  ("UNSUPPORTED", lambda c: "does not know" in c["message"], "U6 chlo ops this commit lacks"),
  ("UNSUPPORTED", lambda c: "shape dialect" in c["message"] or "prefix-padded" in c["message"], "U7 chlo broadcasts between different shapes"),
  ("ERROR", lambda c: "outfeed is only supported" in c["message"] or "InterpreterValue is not a Tensor" in c["message"], "E1 infeed/outfeed outside run_parallel"),
  ("ERROR", lambda c: "replica_id is only supported" in c["message"] or "partition_id is only supported" in c["message"], "E2 collectives/partition_id outside run_parallel"),
  ("ERROR", lambda c: "Incompatible index and shape" in c["message"], "E3 dot/convolution over an empty operand"),
  ("ERROR", lambda c: c["op"] in ("divide", "remainder", "chlo.broadcast_divide", "chlo.broadcast_remainder") and "signal" in c["message"], "E4 integer division by 0 (SIGFPE)"),
  ("ERROR", lambda c: "Expected same type for an SSA register" in c["message"], "E5 promoted reduction bodies"),
  ("ERROR", lambda c: "expects window to have positive value" in c["message"], "E6 convolution window of size 0"),
  ("ERROR", lambda c: "requires one result" in c["message"], "E7 variadic collectives (several operands)"),
  ("ERROR", lambda c: "unknown StableHLO attribute" in c["message"], "E8 dot_algorithm"),
  ("ERROR", lambda c: c["op"] in ("send", "recv"), "E9 send/recv"),
  ("ERROR", lambda c: c["op"] == "triangular_solve" and "must be ranked tensor of" in c["message"], "EA quantized triangular_solve refused by the verifier"),
  ("IMPL_DEFINED", lambda c: True, "I1 differs only where the reference marks implementation-defined"),
  ("FAIL", lambda c: c["op"] in ("chlo.top_k", "sort", "compare"), "F1 total order (NaN signs, signed zeros)"),
  ("FAIL", lambda c: c["op"] in ("maximum", "minimum", "chlo.broadcast_maximum", "chlo.broadcast_minimum") and c["element_type"].startswith("complex"), "F2 complex maximum/minimum with a NaN part"),
  ("FAIL", lambda c: c["op"] in CPLX_STABLEHLO and c["element_type"].startswith("complex"), "F3 complex functions by textbook formulas"),
  ("FAIL", lambda c: c["op"].startswith("chlo."), "F4 chlo special functions through their approximating legalization"),
  ("FAIL", lambda c: c["op"] == "logistic", "F5 logistic in narrow types"),
  ("FAIL", lambda c: c["op"] in ("gather", "dynamic_gather", "dynamic_slice", "dynamic_update_slice", "scatter") and unsigned_indices(c), "F6 unsigned start indices"),
  ("FAIL", lambda c: c["element_type"].startswith("complex") and c["op"] in ("map", "reduce", "reduce_window", "scatter", "select_and_scatter"), "F7 complex arithmetic in a region body"),
  ("FAIL", lambda c: c["op"] == "reduce_precision", "F8 reduce_precision to 0 mantissa bits of a NaN"),
]
counts = collections.Counter(); ops = collections.defaultdict(collections.Counter); ex = {}
status = collections.Counter(c["status"] for c in d["cases"])
other = []
for c in d["cases"]:
    s = c["status"]
    if s == "PASS": continue
    for st, pred, key in RULES:
        if st == s and pred(c):
            counts[key] += 1; ops[key][c["op"]] += 1; ex.setdefault(key, c["id"]); break
    else:
        other.append(c)
print(dict(status), sum(status.values()))
for k in sorted(counts):
    top = ", ".join(f"{o} {n}" for o, n in ops[k].most_common(5))
    more = len(ops[k]) - 5
    print(f"| {k[3:]} | {counts[k]} | {top}{', ...' if more > 0 else ''} | `{ex[k]}` |")
print("unclassified", len(other))
for c in other[:40]:
    print("  ", c["status"], c["id"], c["message"][:220])
sys.exit(1 if other else 0)
