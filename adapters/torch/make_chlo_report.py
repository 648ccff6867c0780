#!/usr/bin/python3
"""Writes docs/reports/torch-1.13-chlo.md: PyTorch (CPU) on the chlo ops it has (torch.special and friends),
against the reference's correctly rounded goldens (issue 20).

    /usr/bin/python3 adapters/torch/make_chlo_report.py --count 100

runs, from the repository root,

    build/hloconf run --backend torch 'gen:chlo.*' --count N --seed 1 -j 2 -q --report-dir W

and writes the Markdown report from the run's own summary.md (its per op and element type table: cases,
statuses, max ULP, worst case): the special functions' rows first, worst ULP first, then every row.
Standard library only (Debian's /usr/bin/python3).
"""

import argparse
import datetime
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SPECIAL = {"chlo.lgamma", "chlo.digamma", "chlo.erf", "chlo.erfc", "chlo.erf_inv", "chlo.zeta", "chlo.polygamma",
           "chlo.bessel_i1e"}


def ulp_value(text):
    text = text.strip()
    if text == "inf":
        return float("inf")
    try:
        return float(text)
    except ValueError:
        return -1.0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=100, help="cases per op, element type and strategy")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hloconf", default="build/hloconf")
    ap.add_argument("--work-dir", default="/tmp/hloconf-torch-chlo-report")
    ap.add_argument("--out", default="docs/reports/torch-1.13-chlo.md")
    args = ap.parse_args()
    os.chdir(ROOT)
    command = [args.hloconf, "run", "--backend", "torch", "gen:chlo.*", "--count", str(args.count), "--seed", str(args.seed),
               "-j", "2", "-q", "--report-dir", args.work_dir]
    run = subprocess.run(command, capture_output=True, text=True)
    summary_path = os.path.join(args.work_dir, "summary.md")
    if not os.path.exists(summary_path):
        sys.exit(f"make_chlo_report: the run wrote no summary.md (exit status {run.returncode}):\n{run.stdout[-2000:]}{run.stderr[-2000:]}")
    with open(summary_path) as f:
        summary = f.read()
    totals = re.search(r"\*\*(\d+) cases\*\*: ([^\n]*)", summary)
    header = summary.splitlines()[4] if len(summary.splitlines()) > 4 else ""
    rows = [line for line in summary.splitlines() if line.startswith("| `torch` |")]
    parsed = []
    for line in rows:
        cells = [c.strip() for c in line.strip("|").split("|")]
        parsed.append((cells[1].strip("`"), cells[2].strip("`"), ulp_value(cells[7]), line))
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    table_head = "| backend | op | element type | cases | PASS | FAIL | other | max ULP | worst case |\n| --- | --- | --- | ---: | ---: | ---: | --- | ---: | --- |\n"
    out = ["# torch 1.13 (CPU) on the chlo ops, against correctly rounded goldens\n",
           "Every element of every case is compared with the reference's MPFR value under the `default` profile "
           "(exact for these functions: 0 ULP); a FAIL is a torch result that is not the correctly rounded one. "
           "Written by `adapters/torch/make_chlo_report.py`.\n",
           "## How it was produced\n", "```", f"/usr/bin/python3 adapters/torch/make_chlo_report.py --count {args.count}", "```\n",
           f"- Date: {datetime.date.today().isoformat()}, hloconf commit `{commit}`; the run: `{' '.join(command[1:])}`.",
           f"- {header}" if header else "",
           f"- Totals: {totals.group(1)} cases: {totals.group(2)}.\n" if totals else "",
           "Element types torch has no kernel for (f16 for most special functions in torch 1.13) are UNSUPPORTED "
           "with torch's message; f8 types and the ops torch lacks (mulhi, top_k, ragged_dot, scan) are left out of "
           "the adapter's handshake.\n",
           "## The special functions, worst ULP first\n", table_head.rstrip("\n")]
    out += [p[3] for p in sorted((p for p in parsed if p[0] in SPECIAL), key=lambda p: -p[2])]
    out += ["", "## Every op and element type\n", table_head.rstrip("\n")]
    out += [p[3] for p in parsed]
    with open(args.out, "w") as f:
        f.write("\n".join(line for line in out) + "\n")
    print(f"wrote {args.out}: {len(parsed)} rows")


if __name__ == "__main__":
    main()
