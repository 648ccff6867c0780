#!/usr/bin/python3
"""Writes docs/reports/cpu-executor.md: hloconf's own CPU executor (`--backend cpu`) against the `spec` suite,
a generated suite, the upstream testdata, and side by side with torch.

    /usr/bin/python3 executors/make_report.py --count 20

runs, from the repository root (W is --work-dir),

    build/hloconf run --backend cpu spec                                          -j 2 --report-dir W/spec
    build/hloconf run --backend cpu gen:all --strategies S --count N --seed 1     -j 2 --report-dir W/gen-S
        for S in special, uniform, near-ties, cancellation (`graph` is the gen: op of chained programs; its
        strategy is uniform)
    build/hloconf run --backend cpu --backend reference --split-input-file PEER/stablehlo-testdata
        PEER/stablehlo-interpret-tests                                            -j 2 --report-dir W/peer
    build/hloconf run --backend cpu --backend torch gen:all --count D --seed 1    -j 2 --report-dir W/diff

then reads the results.json files and writes the Markdown report. `--reuse` skips the runs and reads the
reports already in the work directory. The shared parts (reading results, the summary, max-ULP and UNSUPPORTED
tables) are reports/python/conformance_report.py, which adapters/torch/make_report.py uses too.
Standard library only (Debian's /usr/bin/python3).
"""

import argparse
import collections
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "reports", "python"))
from conformance_report import (BAD, STATUSES, code, errors_section, fmt_ulp,  # noqa: E402
                                inputs_at, load_text, md_escape, read_results, report_date, run_logged,
                                summary_table, ulp_grid,
                                ulp_groups, ulp_value, unsupported_table)

STRATEGIES = ["special", "uniform", "near-ties", "cancellation"]
TYPE_ORDER = ["i1", "i2", "i4", "i8", "i16", "i32", "i64", "ui2", "ui4", "ui8", "ui16", "ui32", "ui64", "f16", "bf16",
              "f32", "f64", "complex<f32>", "complex<f64>"]

# Causes of the executor's FAILs, found by looking at the cases (hloconf repro / eval, the golden's exact value).
# Each: (key, op regex, element-type regex, case predicate or None, text). The first that matches names the cause.
CAUSES = [
    ("cpow-angle", r"(chlo\.broadcast_)?power", r"^complex", None,
     "**Complex `power`: the result's angle needs far more than double precision.** The executor calls glibc's "
     "`cpow` one precision up (`cpow` in double for complex<f32>, `cpowl` in x87 long double for complex<f64>; "
     "executors/cpu/kernels_elementwise.cc, PowerFn), which computes `z^w = exp(w log z)`: modulus "
     "exp(Re(w log z)), angle θ = Im(w log z) = Im(w) ln|z| + Re(w) arg z. (a) **Huge exponents** (most of "
     "these FAILs): when |θ| is 1e7 to 1e300, θ mod 2π depends on digits far beyond the 53 (or 64) bits θ is "
     "computed with (an ulp of 1e34 in double is about 2e18 radians), so the computed direction is arbitrary while the modulus is right; where the modulus overflows, "
     "the signs of the two infinities are those of cos θ and sin θ and come out wrong the same way (in the runs "
     "of 2026-11-27 at commit 84c9643, 1733 of the 1810 failing elements in the results' worst-element lists have |θ| > 1e7, "
     "computed from their inputs). Example "
     "(`gen/power/complex<f32>/uniform/1/0`): z = 3.6787898e33 - 7.233687e-29i, w = 8.335557e-37 + "
     "1.8944763e32i: the golden (MPFR/MPC, exact angle reduction) is (-0.674531, 0.73824656), the executor "
     "(-0.058622792, -0.9982802), both on the unit circle. (b) **θ near a multiple of π/2 with a part of the "
     "result tiny next to the modulus** (the other 77 elements; where the modulus overflows, an infinity "
     "takes the sign of a cos θ or sin θ that is near 0 and rounds to the wrong side): z = 1.0842023e-19 + 0.054236162i, w = 1 - "
     "1.4e-33i gives the golden real part 1.0842023e-19, the executor 3.3210071e-18: cos(θ) with θ ≈ π/2 rounded "
     "to double has an absolute error of about 6e-17, which times |z| = 0.054 swamps the exact 1.08e-19; the "
     "same with w = -3 on z = -1.0000001 + 1.08e-19i (imaginary part -3.67e-16 for -3.25e-19). Only a "
     "multi-precision reduction of θ (as the reference does) gets these; XLA:CPU, which computes in the element "
     "type, would not either. A known limit of fixed-precision complex pow, not a wrong formula."),
    ("clog1p-real", r"log_plus_one", r"^complex", None,
     "**Complex `log_plus_one`: x(2 + x) + y² cancels where |1 + z| is 1.** Re log1p(z) = ½ log1p(x(2 + x) + y²); "
     "for z = -1.0000000000000002 + 1i the exact sum is (1 + x)² + (y² - 1) = 2⁻¹⁰⁴ and the golden real part "
     "2.465190328815662e-32, but executors/cpu/elementwise_math.cc forms x(2 + x) = -1 + 2⁻¹⁰⁴ in one rounding "
     "of the wider type (x87 long double, 64 bits), which drops the 2⁻¹⁰⁴, and -1 + y² = 0: the executor returns "
     "0.0. (The earlier form `fma(x, x, fma(y, y, 2x))` also lost y² where 2x + x² cancels, z = -2 + 4.28e-119i; "
     "forming x(2 + x) first fixed that.) An accuracy limit of the executor's formula: a compensated "
     "(1 + x)² + (y - 1)(y + 1) would keep both; the imaginary part is right."),
    ("catan2-cut", r"(chlo\.broadcast_)?atan2", r"^complex", None,
     "**Complex `atan2` on the branch cut: the side is decided wrongly when w and v are both on the negative real "
     "axis.** atan2(y, x) with y = 0 + 1.1754942e-38i, x = -3.4028235e38 + 0i: Q = (x + iy)/sqrt(x² + y²) is -1, "
     "so the golden is (π, -0) = (3.1415927, -0.0); the executor gives (0.0, -0.0). In "
     "executors/cpu/elementwise_math.cc (Atan2Fn) w = x + iy and v = x - iy are both negative reals, so "
     "arg w + arg v = 2π and Re Q = arg(P)/2 needs the shift by π, but the shift is taken only when Im s "
     "(here +0) has its sign bit set. An executor bug at the cut (a real-axis special case), not precision."),
    ("clogistic-cancel", r"logistic", r"^complex", None,
     "**Complex `logistic`: 1 + exp(-z) cancels when exp(-z) is near -1.** z = 3.8287697998191017e-63 + "
     "1.7794508518281396e239i: exp(-z) = cos y - i sin y with cos y = -0.99998527 (y mod 2π near π), so "
     "1 + exp(-z) keeps only the last ~37 bits of cos y, and the quotient's real part, exactly 0.5 + O(Re z), "
     "comes out 0.5000000000000006 (5 ULP; 29 ULP in the other case, cos y = -0.9999976), while the large "
     "imaginary part (184.22..., tan(y/2)/2) is right. The textbook formula in double computes "
     "0.5000000000004678 here, so the executor is already better than that, but not within the 4 ULP of "
     "`complex/other`: ½ + ½·tanh(z/2) would give the real part without the cancellation. An accuracy limit of "
     "the executor's formula."),
    ("f64-special-near-midpoint", r"^chlo\.(broadcast_)?(digamma|polygamma|zeta|bessel_i1e)$", r"^f64$",
     lambda x: (x.get("max_ulp") or 0) <= 1,
     "**f64 `digamma`, `polygamma`, `zeta`, `bessel_i1e`: computed in x87 long double and rounded once, 1 ULP "
     "where the exact value lies within about 2^-10 ULP of a midpoint between two doubles.** The executor "
     "evaluates these one precision up (executors/cpu/elementwise_special.cc: Boost.Math's digamma and I1, "
     "Euler-Maclaurin for zeta and polygamma, in the 64-bit significand of long double), with an error of a "
     "few long-double ULP (2^-11 of an f64 ULP each); rounding that to f64 is correct unless the exact value is "
     "that close to a rounding boundary. Examples (exact values from mpmath at 300 bits): "
     "`gen/chlo.polygamma/f64/log-uniform/1/18`, polygamma(1, 2.1885321753659582e-38) = "
     "2.08782516625257642336579514735e75, 0.00044 ULP above the midpoint between 0x4F9276AB2DEDD070 and "
     "0x4F9276AB2DEDD071: the golden is 0x4F9276AB2DEDD071, the executor 0x4F9276AB2DEDD070; "
     "`gen/chlo.digamma/f64/uniform/1/3`, digamma(3.2788783779352864e28) = 65.6598840098018214912847248469, "
     "2.9e-5 ULP from the midpoint: golden 0x40506A3B8A245023, executor 0x40506A3B8A245024. The default profile "
     "judges these functions exactly (no libm table gives them an error budget: reports/profiles/default.json); "
     "a correctly rounded f64 result would need a second, wider evaluation near midpoints (a Ziv loop), which "
     "a fast backend does not do."),
    ("region-exact-rule", r"map", r".*", lambda x: "exact" in (x.get("rule") or ""),
     "**An inexact op inside a `map` body, judged by `map`'s exact rule.** `gen/map/complex<f64>/special/1/10` "
     "maps `(a + b) / c` with complex f64: the executor's complex division is 1 ULP from the correctly rounded "
     "quotient (-1.0 for -1.0000000000000002 in the imaginary part, with a = 5e-324 - 1.7976931348623157e308i, "
     "b = -1, c = 1.7976931348623155e308 - 0.5i), within `divide`'s own complex rule, but the case takes the "
     "exact rule of `map`. A profile limitation (the body's rules are not composed), not an executor error."),
    ("peer-whole-program-exact", r".*", r".*",
     lambda x: (x["id"] or "").startswith("stablehlo-") and "exact" in (x.get("rule") or ""),
     "**An upstream program of several ops judged by its last op's exact rule.** The upstream testdata files "
     "compute a function as a chain of ops (chlo `acos` decomposed into `atan2`/`sqrt`/..., complex `cos`/`sin`, "
     "`select_and_scatter` followed by a `slice`) and end in a `select` or `slice`; the case takes its tolerance "
     "rule from that op (`default:exact`), so an element 1 to 4 ULP from the correctly rounded golden fails, "
     "although each op of the chain is within its own rule (the executor computes each op in the element type, "
     "and `select_and_scatter` sums overlapping windows in f32 in its own order). Not an executor error; the "
     "reference backend passes these only because it computes the golden itself."),
    ("peer-no-bound", r"reduce_window|reduce", r".*",
     lambda x: "gives no error bound" in (x.get("message") or ""),
     "**A reduction whose body the reference gives no error bound for.** The accumulation rule accepts a "
     "summation order's error within the reference's bound; for some elements it gives none (the body of "
     "`gen/reduce_window/complex<f32>/special/1/7` is a complex `multiply`, the upstream `cumlogsumexp` files "
     "reduce with log-add-exp; the bodies of the other complex cases were not examined, their elements are "
     "subnormal or tiny), so any difference from the correctly rounded result, 1 ULP here, fails. The executor folds each window in the element type, in order, rounding each step (the "
     "reference rounds each step of the body correctly too, but complex multiply is not correctly rounded in "
     "f32 arithmetic: (ac - bd) rounds twice). Within what the spec allows for a product of products; a "
     "profile limitation, not an executor error."),
]


def strategy_of(case_id):
    """The strategy part of a gen: ID (gen/op/dtype/strategy/seed/i), or ''."""
    parts = (case_id or "").split("/")
    return parts[3] if len(parts) >= 6 and parts[0] == "gen" else ""


def cause_of(x):
    for key, op_pat, et_pat, pred, text in CAUSES:
        if re.fullmatch(op_pat, x["op"] or "") and re.search(et_pat, x["element_type"] or "") and \
                (pred is None or pred(x)):
            return key, text
    return None


def evidence(x, who="cpu"):
    """One line of MPFR evidence of a non-PASS case: expected (golden), actual, ULP at the worst element."""
    w = (x.get("worst") or [{}])[0]
    if not w:
        return md_escape((x.get("message") or "")[:300])
    s = (f"expected {code(str(w.get('expected')))} (`{w.get('expected_bits')}`), {who} "
         f"{code(str(w.get('actual')))} (`{w.get('actual_bits')}`), {fmt_ulp(ulp_value(w.get('ulp')))} ULP at "
         f"output {w.get('output')} {w.get('position')}; {x.get('mismatches')} of {x.get('elements')} elements "
         f"beyond tolerance, rule `{x.get('rule')}`")
    ins = inputs_at(x, w.get("index", 0), x.get("elements") or 0)
    if ins is not None and len(ins) <= 4:
        s += "; inputs there: " + ", ".join(code(v) for v in ins)
    return s


def hloconf(args):
    return [os.path.join(ROOT, args.hloconf)]


def run_all(args, work):
    common = ["-j", str(args.jobs), "-q"]
    runs = [("spec", ["--backend", "cpu", "spec"])]
    for s in STRATEGIES:
        runs.append(("gen-" + s, ["--backend", "cpu", "gen:all", "--strategies", s, "--count", str(args.count),
                                  "--seed", str(args.seed)]))
    if not args.skip_peer:
        peer = os.path.abspath(os.path.join(ROOT, args.peer_dir))
        runs.append(("peer", ["--backend", "cpu", "--backend", "reference", "--split-input-file",
                              os.path.join(peer, "stablehlo-testdata"), os.path.join(peer, "stablehlo-interpret-tests")]))
    if not args.skip_diff:
        runs.append(("diff", ["--backend", "cpu", "--backend", "torch", "gen:all", "--count", str(args.diff_count),
                              "--seed", str(args.seed)]))
    walls = {}
    for name, sources in runs:
        cmd = hloconf(args) + ["run"] + sources + common + ["--report-dir", os.path.join(work, name)]
        run_logged(cmd, ROOT, name, walls, ok=(0, 1, 3))
        with open(os.path.join(work, "walls.json"), "w") as f:
            json.dump(walls, f)
    walls["commit"] = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                                     text=True).stdout.strip()
    with open(os.path.join(work, "walls.json"), "w") as f:
        json.dump(walls, f)
    return walls


def status_counts_by_op(allcases):
    L = ["| op | cases | " + " | ".join(STATUSES) + " |", "| --- | ---: | " + " | ".join("---:" for _ in STATUSES) + " |"]
    per = collections.defaultdict(collections.Counter)
    for _, x in allcases:
        per[x["op"] or "?"][x["status"]] += 1
    for o in sorted(per):
        c = per[o]
        L.append(f"| {o} | {sum(c.values())} | " + " | ".join(str(c.get(s, 0)) if c.get(s) else "" for s in STATUSES)
                 + " |")
    return L


def fail_section(fails, limit):
    """Every FAIL grouped by cause (unexplained ones by op and element type), with the evidence."""
    L = []
    groups = collections.defaultdict(list)
    for name, x in fails:
        c = cause_of(x)
        groups[c[0] if c else "unexplained"].append((name, x))
    if not fails:
        L.append("None.")
        L.append("")
    texts = {c[0]: c[4] for c in CAUSES}
    for key in [c[0] for c in CAUSES] + ["unexplained"]:
        lst = groups.get(key)
        if not lst:
            continue
        L.append(f"### `{key}`: {len(lst)} FAIL{'s' if len(lst) != 1 else ''}")
        L.append("")
        if key in texts:
            L.append(texts[key])
        else:
            L.append("**Cause not established.** `gen/batch_norm_grad/f32/special/1/50` (if listed) has epsilon 0 "
                     "and a feature whose golden `grad_operand` and `grad_scale` are -inf where the executor gives "
                     "+inf: presumably a variance of 0 (1/sqrt(0) = inf) times a sum that cancels, whose sign the "
                     "exact sum and the executor's f32 sum decide differently; this was not verified.")
        L.append("")
        for name, x in lst[:limit]:
            L.append(f"- {code(x['id'])} ({name}, {md_escape(x['element_type'] or '')}): {evidence(x)}")
            if x.get("repro"):
                # The run writes the binary's absolute path; the report names it from the repository root.
                L.append(f"  repro: {code(x['repro'].replace(os.path.join(ROOT, 'build', 'hloconf'), 'build/hloconf'))}")
        if len(lst) > limit:
            L.append(f"- ... and {len(lst) - limit} more (results.json of the run)")
        L.append("")
    return L


def peer_section(cases, wall, args):
    L = []
    by = collections.defaultdict(dict)
    for x in cases:
        by[x["id"]][x["backend"]] = x
    cnt = {b: collections.Counter(x["status"] for x in cases if x["backend"] == b) for b in ("cpu", "reference")}
    n = len(by)
    L.append(f"Every file of `{args.peer_dir}/stablehlo-testdata` (top level, `dynamic/` and `quantized/`) and of "
             f"`{args.peer_dir}/stablehlo-interpret-tests` (split at `// -----`), {n} cases, through both backends "
             f"in one run ({wall:.0f} s). A case's expected value is the reference's golden, so the reference "
             "backend is the baseline: where it does not PASS, the program is one hloconf cannot run at all.")
    L.append("")
    L.append("| backend | " + " | ".join(STATUSES) + " |")
    L.append("| --- | " + " | ".join("---:" for _ in STATUSES) + " |")
    for b in ("cpu", "reference"):
        L.append(f"| {b} | " + " | ".join(str(cnt[b].get(s, 0)) for s in STATUSES) + " |")
    L.append("")
    both_u = collections.Counter(strip_location(d["reference"].get("message")) for d in by.values()
                                 if len(d) == 2 and d["cpu"]["status"] == d["reference"]["status"] == "UNSUPPORTED")
    L.append(f"{sum(both_u.values())} cases are UNSUPPORTED on both (no golden value, so no backend is judged), "
             "by the reference's reason: " + "; ".join(f"{n_} {md_escape(m[:100])}" for m, n_ in both_u.most_common(6))
             + (f"; {sum(both_u.values()) - sum(n_ for _, n_ in both_u.most_common(6))} others (chlo ops)"
                if len(both_u) > 6 else "") + ".")
    L.append("")
    diff = [(i, d) for i, d in sorted(by.items()) if len(d) == 2 and d["cpu"]["status"] != d["reference"]["status"]]
    pairs = collections.Counter((d["reference"]["status"], d["cpu"]["status"]) for _, d in diff)
    L.append(f"{len(diff)} cases differ in status: " + (", ".join(f"{n_} reference {a} / cpu {b}"
                                                               for (a, b), n_ in pairs.most_common()) or "none") + ".")
    L.append("")
    if diff:
        reasons = collections.defaultdict(list)
        for i, d in diff:
            c = d["cpu"]
            if c["status"] == "UNSUPPORTED":
                reasons[("UNSUPPORTED", strip_location(c.get("message")))].append(i)
            else:
                reasons[(c["status"], "")].append(i)
        L.append("| cpu status | reason (cpu's message) | cases | files |")
        L.append("| --- | --- | ---: | --- |")
        for (st, msg), ids in sorted(reasons.items(), key=lambda kv: (kv[0][0], -len(kv[1]))):
            if st != "UNSUPPORTED":
                continue
            shown = ", ".join(code(i) for i in ids[:6]) + (f" (+{len(ids) - 6})" if len(ids) > 6 else "")
            L.append(f"| {st} | {md_escape(msg[:200])} | {len(ids)} | {shown} |")
        L.append("")
        others = [(i, d) for i, d in diff if d["cpu"]["status"] != "UNSUPPORTED"]
        if others:
            L.append("Cases where cpu runs the program but does not PASS while the reference does:")
            L.append("")
            for i, d in others:
                c = d["cpu"]
                cause = cause_of(c) if c["status"] == "FAIL" else None
                L.append(f"- {c['status']} {code(i)}: " + (evidence(c) if c["status"] == "FAIL" else
                                                         md_escape((c.get('message') or '')[:300]))
                         + (f"; cause `{cause[0]}`" if cause else ""))
            L.append("")
    return L


def strip_location(message):
    """A message without its leading `file#N:line:col: ` location."""
    return re.sub(r"^\S+:\d+:\d+: ", "", message or "")


def same_value(a, b):
    wa = (a.get("worst") or [{}])[0]
    wb = (b.get("worst") or [{}])[0]
    return wa.get("actual_bits") is not None and wa.get("index") == wb.get("index") and \
        wa.get("output") == wb.get("output") and wa.get("actual_bits") == wb.get("actual_bits")


def diff_section(cases, wall, args):
    L = []
    by = collections.defaultdict(dict)
    for x in cases:
        by[x["id"]][x["backend"]] = x
    both = {i: d for i, d in by.items() if "cpu" in d and "torch" in d}
    ran = {i: d for i, d in both.items() if d["cpu"]["status"] != "UNSUPPORTED" and d["torch"]["status"] != "UNSUPPORTED"}
    L.append(f"`hloconf run --backend cpu --backend torch gen:all --count {args.diff_count} --seed {args.seed}` (each "
             f"op's own strategies), {len(both)} cases on each backend, {wall:.0f} s. `results.json` holds one "
             "record per case and backend; both are judged against the same golden value. "
             f"{len(ran)} cases ran on both (neither UNSUPPORTED).")
    L.append("")
    L.append("| cpu \\ torch | " + " | ".join(STATUSES) + " |")
    L.append("| --- | " + " | ".join("---:" for _ in STATUSES) + " |")
    mat = collections.Counter((d["cpu"]["status"], d["torch"]["status"]) for d in both.values())
    for a in STATUSES:
        if any(mat.get((a, b)) for b in STATUSES):
            L.append(f"| **{a}** | " + " | ".join(str(mat.get((a, b), "")) for b in STATUSES) + " |")
    L.append("")
    groups = collections.defaultdict(lambda: collections.Counter())
    examples = {}
    for i, d in sorted(ran.items()):
        c, t = d["cpu"], d["torch"]
        cs, ts = c["status"] in BAD, t["status"] in BAD
        if not cs and not ts:
            continue
        if cs and ts:
            kind = "both fail, same value" if (c["status"] == t["status"] == "FAIL" and same_value(c, t)) \
                else "both fail, different values"
        elif cs:
            kind = "only cpu fails"
        else:
            kind = "only torch fails"
        g = (c["op"], c["element_type"] or "")
        groups[g][kind] += 1
        if (g, kind) not in examples or len(i) < len(examples[(g, kind)]):
            examples[(g, kind)] = i
    kinds = ["only cpu fails", "only torch fails", "both fail, different values", "both fail, same value"]
    tot = collections.Counter()
    for g in groups.values():
        tot.update(g)
    L.append("Disagreements among the cases both ran: " + ", ".join(f"{k} {tot.get(k, 0)}" for k in kinds) + ". "
             "*only cpu fails*: torch agrees with the reference and the executor does not; *only torch fails*: the "
             "executor agrees with the reference (torch's deviations are explained in "
             "[torch-1.13-cpu.md](torch-1.13-cpu.md)); *both fail, same value*: cpu and torch return the same "
             "bits at the worst element and the reference differs from both (a limit of computing in the element "
             "type, or a golden to look at); *both fail, different values*: all three differ.")
    L.append("")
    L.append("| op | element type | " + " | ".join(kinds) + " | example (the first kind present) |")
    L.append("| --- | --- | " + " | ".join("---:" for _ in kinds) + " | --- |")
    for (o, t), g in sorted(groups.items()):
        ex = next((examples[((o, t), k)] for k in kinds if g.get(k)), "")
        L.append(f"| {o} | {md_escape(t)} | " + " | ".join(str(g.get(k, "")) for k in kinds) + f" | {code(ex)} |")
    L.append("")
    cpu_only = [(i, d) for i, d in sorted(ran.items()) if d["cpu"]["status"] in BAD and d["torch"]["status"] not in BAD]
    same = [(i, d) for i, d in sorted(ran.items()) if d["cpu"]["status"] == d["torch"]["status"] == "FAIL"
            and same_value(d["cpu"], d["torch"])]
    for title, lst in (("Cases where only cpu fails", cpu_only), ("Cases where cpu and torch fail with the same value",
                                                                  same)):
        L.append(f"### {title}")
        L.append("")
        if not lst:
            L.append("None.")
        for i, d in lst[:args.max_failures]:
            c = cause_of(d["cpu"])
            wt = (d["torch"].get("worst") or [{}])[0]
            L.append(f"- {code(i)}: {evidence(d['cpu'])}; torch {d['torch']['status']}"
                     + (f" ({code(str(wt.get('actual')))})" if wt else "") + (f"; cause `{c[0]}`" if c else ""))
        if len(lst) > args.max_failures:
            L.append(f"- ... and {len(lst) - args.max_failures} more")
        L.append("")
    return L


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=20, help="gen: cases per op, element type and strategy")
    ap.add_argument("--diff-count", type=int, default=20, help="gen: cases per op, element type and strategy of the "
                    "cpu/torch differential run")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--hloconf", default="build/hloconf")
    ap.add_argument("--peer-dir", default="../shared/peer")
    ap.add_argument("--work-dir", default="/tmp/hloconf-cpu-report")
    ap.add_argument("--out", default="docs/reports/cpu-executor.md")
    ap.add_argument("--reuse", action="store_true", help="do not run; read the reports in --work-dir")
    ap.add_argument("--skip-peer", action="store_true", help="no upstream-testdata run")
    ap.add_argument("--skip-diff", action="store_true", help="no cpu/torch differential run")
    ap.add_argument("--max-failures", type=int, default=40, help="FAILs listed per cause")
    args = ap.parse_args()

    work = os.path.abspath(args.work_dir)
    os.makedirs(work, exist_ok=True)
    if args.reuse:
        with open(os.path.join(work, "walls.json")) as f:
            walls = json.load(f)
    else:
        walls = run_all(args, work)

    suites = [("spec", "spec suite (cases/)")] + [
        ("gen-" + s, f"generated, {s} ({args.count} per op and element type)") for s in STRATEGIES]
    data, headers = {}, {}
    for name, _ in suites:
        headers[name], data[name] = read_results(os.path.join(work, name, "results.json"))
    extra = {}
    for name in ("peer", "diff"):
        p = os.path.join(work, name, "results.json")
        if os.path.exists(p):
            extra[name] = read_results(p)

    commit = walls.get("commit") or subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                                                   capture_output=True, text=True).stdout.strip()
    date = report_date(headers["spec"])
    cmd = f"/usr/bin/python3 executors/make_report.py --count {args.count}"
    if args.diff_count != 20:
        cmd += f" --diff-count {args.diff_count}"
    if args.seed != 1:
        cmd += f" --seed {args.seed}"
    if args.jobs != 2:
        cmd += f" -j {args.jobs}"
    load_note = load_text(walls)
    gen_wall = sum(headers[n].get("wall_seconds") or 0 for n, _ in suites if n.startswith("gen-"))

    L = ["# Conformance report: the hloconf CPU executor against StableHLO", ""]
    L.append("hloconf's own optimized executor (executors/, `--backend cpu`: programs planned once and run natively "
             "in the element types, the way XLA:CPU computes), held to the suite like a vendor backend: the `spec` "
             "suite, a generated suite, the upstream testdata, and a differential run beside torch. Every FAIL is "
             "a difference between the executor's result and the reference's correctly rounded golden value "
             "(MPFR/MPC) beyond the default tolerance profile (reports/profiles/default.json).")
    L.append("")
    L.append("## How it was produced")
    L.append("")
    L.append("```")
    L.append(cmd)
    L.append("```")
    L.append("")
    refs = sorted({h.get("reference_version", "?") for h in headers.values()})
    L.append(f"- Date: {date}. hloconf commit `{commit}`, reference version `{', '.join(refs)}`, profile "
             f"`{headers['spec'].get('profile', '?')}`.")
    L.append(f"- x86-64, `-j {args.jobs}`, {os.cpu_count()} cores shared with other jobs{load_note}.")
    L.append(f"- Generated suite: `gen:all`, seed {args.seed}, every element type, strategies "
             f"{', '.join(STRATEGIES)} (one run each), `--count {args.count}`: {args.count} cases per op, element "
             "type and strategy where the op has the strategy (`near-ties` and `cancellation` only exist for the "
             "ops they are meant for; `graph`, the chained programs, runs under `uniform`).")
    if args.count < 100:
        L.append(f"- **The count is {args.count}, not the 100 of the issue**: the four generated runs took "
                 f"{gen_wall / 60:.0f} min together for {args.count} per op, type and strategy on this machine "
                 f"(2 cores shared with other builds and test runs), so 100 would take about "
                 f"{gen_wall * 100 / args.count / 60:.0f} min, beyond the ~20 minutes the whole script was allowed. "
                 "`executors/make_report.py --count 100` runs the issue's size.")
    else:
        L.append(f"- The count is the issue's (100 asked, {args.count} used): the four generated runs took "
                 f"{gen_wall / 60:.1f} min together on this machine (2 cores shared with other builds and test "
                 "runs), well within the ~20 minutes the script was allowed (the executor runs about 1,500 to "
                 "2,000 cases/s here; golden values come from the reference's cache where an earlier run made "
                 "them).")
    L.append("- The commands it ran (the work directory keeps the four report files of each run):")
    L.append("")
    L.append("```")
    for name in [n for n, _ in suites] + list(extra):
        h = headers[name] if name in headers else extra[name][0]
        L.append(h.get("command_line", ""))
    L.append("```")
    L.append("")
    L.append("## Summary")
    L.append("")
    L += summary_table(suites, data, headers, walls)
    L.append("")
    allcases = [(name, x) for name, _ in suites for x in data[name]]
    fails = [(name, x) for name, x in allcases if x["status"] == "FAIL"]
    explained = sum(1 for _, x in fails if cause_of(x))
    L.append(f"{len(fails)} FAILs: {explained} with an established cause, {len(fails) - explained} not explained "
             "(section [FAILs by cause](#fails-by-cause)).")
    L.append("")
    L.append("## Max ULP error per op and element type")
    L.append("")
    groups, ops, types, others = ulp_groups(allcases, TYPE_ORDER)
    L.append("All the spec and generated runs together. A cell is the largest ULP distance over the float elements "
             "the executor computed, over all its cases (`0`: every float element exact; `int`: only integer or "
             "boolean elements, compared exactly), then **F n** when n cases FAILed, E n for ERROR/CRASH/TIMEOUT. "
             "`U`: every case UNSUPPORTED. Empty: no case. A large ULP value within a PASS comes from an element "
             "whose tolerance is a derived error bound (accumulations) rather than ULPs. `none`: ops without an "
             "element type (tokens). "
             + ("Columns with every case UNSUPPORTED are not shown: " + ", ".join(others) + "." if others else ""))
    L.append("")
    L += ulp_grid(groups, ops, types)
    L.append("")
    L.append("## Cases per status and op")
    L.append("")
    L.append("All the spec and generated runs together (empty: 0).")
    L.append("")
    L += status_counts_by_op(allcases)
    L.append("")
    L.append("## FAILs by cause")
    L.append("")
    L.append("Each FAIL with the golden's exact value (the reference, MPFR/MPC, correctly rounded), what the executor "
             "returned, and the ULP distance, at the worst element of the case (results.json keeps the 8 worst). "
             "`hloconf repro ID --backend cpu` writes a case as a standalone program with the exact input bits; "
             "`hloconf run --backend cpu ID` reruns it.")
    L.append("")
    L += fail_section(fails, args.max_failures)
    L.append("## UNSUPPORTED, grouped by reason")
    L.append("")
    L.append("The executor's own reasons (a planner's `Unimplemented`, with the op's location blanked where it "
             "holds hex values).")
    L.append("")
    L += unsupported_table(allcases)
    L.append("")
    L.append("## IMPL_DEFINED")
    L.append("")
    L.append("Cases whose mismatching elements are all ones the reference marks implementation-defined (the spec "
             "leaves the value open: a NaN's payload or the sign of an infinity next to a NaN part in complex "
             "special values, results of a singular `triangular_solve` or of an `fft` with infinite inputs, "
             "`power` of a signaling NaN, ...); they pass. The example is the worst element of the group's first "
             "case.")
    L.append("")
    imp = collections.defaultdict(list)
    for _, x in allcases:
        if x["status"] == "IMPL_DEFINED":
            imp[(x["op"], x["element_type"] or "")].append(x)
    if not imp:
        L.append("None.")
    else:
        L.append("| op | element type | cases | example |")
        L.append("| --- | --- | ---: | --- |")
        for (o, t), lst in sorted(imp.items()):
            w = (lst[0].get("worst") or [{}])[0]
            ex = (f"{code(lst[0]['id'])}: expected `{w.get('expected')}`, cpu `{w.get('actual')}`" if w else
                  code(lst[0]["id"]))
            L.append(f"| {o} | {md_escape(t)} | {len(lst)} | {ex} |")
    L.append("")
    L += errors_section(allcases)
    L.append("")
    if "peer" in extra:
        L.append("## The upstream testdata: cpu and reference")
        L.append("")
        L += peer_section(extra["peer"][1], extra["peer"][0].get("wall_seconds") or 0, args)
    if "diff" in extra:
        L.append("## Differential: cpu and torch against the reference")
        L.append("")
        L += diff_section(extra["diff"][1], extra["diff"][0].get("wall_seconds") or 0, args)

    out = os.path.join(ROOT, args.out)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(L).rstrip("\n") + "\n")
    print(f"wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
