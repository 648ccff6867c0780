"""Summarizes `hloconf run --backend stablehlo-translate ... --report-dir DIR` runs for
docs/reports/stablehlo-interpreter.md: counts by status, non-PASS cases by op, and the distinct messages
(first line, numbers and paths blanked, so one cause is one row) with an example case each.

    /usr/bin/python3 adapters/stablehlo-translate/summarize.py DIR/results.json [MORE/results.json ...]
"""

import collections
import json
import re
import sys


def message_class(message):
    first = (message or "").strip().splitlines()[0] if (message or "").strip() else ""
    first = re.sub(r"/[^\s:]+", "<path>", first)
    first = re.sub(r"0x[0-9A-Fa-f]+|-?\d+(\.\d+)?(e-?\d+)?", "N", first)
    return first[:160]


def main(paths):
    for path in paths:
        with open(path) as f:
            cases = json.load(f)["cases"]
        statuses = collections.Counter(c["status"] for c in cases)
        print(f"## {path}: {len(cases)} cases: " + ", ".join(f"{n} {s}" for s, n in statuses.most_common()))
        by_class = collections.defaultdict(list)
        for c in cases:
            if c["status"] != "PASS":
                by_class[(c["status"], message_class(c.get("message", "")))].append(c)
        for (status, cls), members in sorted(by_class.items(), key=lambda kv: (kv[0][0], -len(kv[1]))):
            ops = collections.Counter(m.get("op", "") for m in members)
            print(f"{status}\t{len(members)}\t{', '.join(f'{o} {n}' for o, n in ops.most_common(6))}\t{cls}\te.g. {members[0]['id']}")


if __name__ == "__main__":
    main(sys.argv[1:])
