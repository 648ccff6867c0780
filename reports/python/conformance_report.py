"""Shared code of the conformance report scripts (adapters/torch/make_report.py, executors/make_report.py).

They run `hloconf run` on a backend, read the results.json files (docs/reports.md) and write a Markdown report
under docs/reports/. This module holds what does not depend on the backend: reading results, decoding inputs
and ULP values, running hloconf with timing, and the tables every report has (summary, max ULP per op and
element type, UNSUPPORTED reasons, ERROR/CRASH/TIMEOUT). Standard library only (Debian's /usr/bin/python3).
"""

import collections
import datetime
import json
import math
import os
import re
import shlex
import struct
import subprocess
import sys
import time

STATUSES = ["PASS", "FAIL", "UNSUPPORTED", "IMPL_DEFINED", "CRASH", "TIMEOUT", "ERROR", "XFAIL", "XPASS", "FLAKY", "INVALID"]
BAD = {"FAIL", "CRASH", "TIMEOUT", "ERROR", "XPASS", "FLAKY", "INVALID"}


def input_elements(case):
    """(element type, [bits as int]) per input, from the hex of results.json (None for a truncated input)."""
    out = []
    for inp in case.get("inputs") or []:
        dims, et = parse_type(inp.get("type", ""))
        if dims is None or inp.get("truncated"):
            out.append((et, None))
            continue
        data = bytes.fromhex(inp.get("hex", "0x")[2:])
        size = {"f16": 2, "bf16": 2, "f32": 4, "f64": 8, "complex<f32>": 4, "complex<f64>": 8}.get(et)
        if size is None:
            out.append((et, []))
            continue
        out.append((et, [int.from_bytes(data[i:i + size], "little") for i in range(0, len(data), size)]))
    return out


def is_nan_bits(et, bits):
    exp_bits, man_bits = {"f16": (5, 10), "bf16": (8, 7), "f32": (8, 23), "complex<f32>": (8, 23),
                          "f64": (11, 52), "complex<f64>": (11, 52)}[et]
    e = (bits >> man_bits) & ((1 << exp_bits) - 1)
    return e == (1 << exp_bits) - 1 and bits & ((1 << man_bits) - 1) != 0


def is_snan_bits(et, bits):
    man_bits = {"f16": 10, "bf16": 7, "f32": 23, "complex<f32>": 23, "f64": 52, "complex<f64>": 52}[et]
    return is_nan_bits(et, bits) and not (bits >> (man_bits - 1)) & 1


def complex_parts(bits_text):
    """(re, im) floats of a complex value's bits text ('0x...,0x...'), or None."""
    parts = str(bits_text or "").split(",")
    if len(parts) != 2:
        return None
    try:
        b = [int(p_, 16) for p_ in parts]
    except ValueError:
        return None
    if len(parts[0].strip()) <= 10:
        return tuple(struct.unpack("<f", x.to_bytes(4, "little"))[0] for x in b)
    return tuple(struct.unpack("<d", x.to_bytes(8, "little"))[0] for x in b)


def annex_g_equivalent(e, a):
    """The golden complex value e and a backend's a differ only where C11 Annex G allows it."""
    if e is None or a is None:
        return False
    nan_e = [math.isnan(v) for v in e]
    nan_a = [math.isnan(v) for v in a]
    if all(nan_e) and any(nan_a):
        other = [v for v, n in zip(a, nan_a) if not n]
        return all(v == 0 or math.isinf(v) for v in other)
    if nan_e == nan_a and sum(nan_e) == 1:
        k = nan_e.index(False)
        return math.isinf(e[k]) and math.isinf(a[k])
    return False


def nan_part(bits_text):
    """Whether a complex value's bits text ('0x...,0x...') has a NaN part."""
    parts = str(bits_text or "").split(",")
    if len(parts) != 2:
        return False
    et = "complex<f32>" if len(parts[0].strip()) <= 10 else "complex<f64>"
    try:
        return any(is_nan_bits(et, int(p_, 16)) for p_ in parts)
    except ValueError:
        return False


def read_results(path):
    """(header, cases) of a results.json, read line by line (one case a line) to keep memory low."""
    cases = []
    head = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            s = line.rstrip().rstrip(",")
            if s.startswith('{"') and '"id"' in s and '"status"' in s:
                c = json.loads(s)
                # keep what the report needs (the details of failures only: a run has up to a million cases)
                keys = ("id", "backend", "op", "element_type", "status", "max_ulp")
                if c.get("status") != "PASS":
                    keys += ("message", "repro", "worst", "inputs", "rule", "mismatches", "elements")
                cases.append({k: c.get(k) for k in keys})
            else:
                head.append(line)
    header = {}
    text = "".join(head)
    m = re.search(r'"hloconf":\s*(\{.*?\})\s*,\s*"totals"', text, re.S)
    if m:
        header = json.loads(m.group(1))
    return header, cases


def worst(case):
    """A case's worst element (the first of its "worst" list), or {}."""
    return (case.get("worst") or [{}])[0]


def one_of(*ids):
    """A predicate for FAILs checked one by one (the evidence is in the cause's text): their case ids."""
    return lambda case: case["id"] in ids


def ulp_value(v):
    if v is None:
        return -1.0
    if isinstance(v, str):
        return {"inf": math.inf, "-inf": -math.inf, "nan": math.nan}.get(v, -1.0)
    return float(v)


def fmt_ulp(u):
    if u is None or u < 0:
        return "-"
    if math.isinf(u):
        return "inf"
    if math.isnan(u):
        return "nan"
    if u >= 1e6:
        return f"{u:.2g}"
    return f"{u:g}"


# --- decoding inputs -------------------------------------------------------------------------------------

def parse_type(t):
    m = re.match(r"tensor<((?:\d+x)*)(.+)>$", t)
    if not m:
        return None, None
    dims = [int(d) for d in m.group(1).split("x") if d]
    return dims, m.group(2)


def decode_element(data, et, i):
    sizes = {"f16": 2, "bf16": 2, "f32": 4, "f64": 8, "i8": 1, "ui8": 1, "i16": 2, "i32": 4, "i64": 8, "i1": 1,
             "ui16": 2, "ui32": 4, "ui64": 8, "complex<f32>": 8, "complex<f64>": 16}
    n = sizes.get(et)
    if n is None or (i + 1) * n > len(data):
        return None
    b = data[i * n:(i + 1) * n]
    if et == "f32":
        return f"{struct.unpack('<f', b)[0]!r} (0x{int.from_bytes(b, 'little'):08X})"
    if et == "f64":
        return f"{struct.unpack('<d', b)[0]!r} (0x{int.from_bytes(b, 'little'):016X})"
    if et == "f16":
        return f"{struct.unpack('<e', b)[0]!r} (0x{int.from_bytes(b, 'little'):04X})"
    if et == "bf16":
        v = struct.unpack("<f", b"\0\0" + b)[0]
        return f"{v!r} (0x{int.from_bytes(b, 'little'):04X})"
    if et == "complex<f32>":
        re_, im = struct.unpack("<ff", b)
        return f"({re_!r}, {im!r}) (0x{int.from_bytes(b[:4], 'little'):08X},0x{int.from_bytes(b[4:], 'little'):08X})"
    if et == "complex<f64>":
        re_, im = struct.unpack("<dd", b)
        return f"({re_!r}, {im!r})"
    signed = not et.startswith("ui") and et != "i1"
    return str(int.from_bytes(b, "little", signed=signed))


def inputs_at(case, index, out_shape_elems):
    """The inputs' elements at a flat index, for elementwise cases (every input has the result's size)."""
    vals = []
    for inp in case.get("inputs") or []:
        dims, et = parse_type(inp.get("type", ""))
        if dims is None or inp.get("truncated"):
            return None
        n = 1
        for d in dims:
            n *= d
        hx = inp.get("hex", "")[2:]
        data = bytes.fromhex(hx)
        if n == 1:
            v = decode_element(data, et, 0)
        elif n == out_shape_elems:
            v = decode_element(data, et, index)
        else:
            return None
        if v is None:
            return None
        vals.append(v)
    return vals


# --- the report ------------------------------------------------------------------------------------------

def md_escape(s):
    return s.replace("|", "\\|").replace("\n", " ")


def code(s):
    s = s.replace("`", "'")
    return f"`{md_escape(s)}`"


def failure_kind(case):
    w = (case.get("worst") or [{}])[0]
    msg = case.get("message") or ""
    if "NaN where a number" in msg:
        return "nan"
    if "a number where NaN" in msg:
        return "number-for-nan"
    a = str(w.get("actual", ""))
    e = str(w.get("expected", ""))
    if "inf" in a and "inf" not in e:
        return "overflow"
    if "inf" in e and "inf" not in a:
        return "lost-inf"
    if "inf" in a and "inf" in e:
        return "inf-sign"
    return "ulp"


# --- running and tables shared by the reports ------------------------------------------------------------

def run_logged(cmd, cwd, name, walls, ok=(0, 1)):
    """Runs an hloconf command (stdout discarded), records its wall time and the load average before and after
    in walls[name] and walls["load-" + name]; exits when its status is not in ok."""
    print("+", " ".join(shlex.quote(c) for c in cmd), file=sys.stderr, flush=True)
    start = time.monotonic()
    load = [os.getloadavg()[0]]
    rc = subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL).returncode
    walls[name] = time.monotonic() - start
    load.append(os.getloadavg()[0])
    walls["load-" + name] = load
    if rc not in ok:
        sys.exit(f"hloconf run exited {rc} for {name}")
    print(f"  {name}: {walls[name]:.0f} s", file=sys.stderr, flush=True)
    return rc


def report_date(header):
    """The day a run started (its results header), else today."""
    started = header.get("started_at", "")
    return started[:10] if started else datetime.date.today().isoformat()


def load_text(walls):
    """The load averages run_logged recorded, as "; load average A to B at ..." (or "" without any)."""
    loads = [v for k, l in walls.items() if k.startswith("load-") for v in l]
    return (f"; load average {min(loads):.0f} to {max(loads):.0f} at the starts and ends of the runs"
            if loads else "")


def summary_table(suites, data, headers, walls):
    """The per-suite status counts: one row per (name, label) of suites, and a total row."""
    L = []
    L.append("| suite | cases | " + " | ".join(s for s in STATUSES) + " | wall time | cases/s |")
    L.append("| --- | ---: | " + " | ".join("---:" for _ in STATUSES) + " | ---: | ---: |")
    tot = collections.Counter()
    for name, label in suites:
        c = collections.Counter(x["status"] for x in data[name])
        tot.update(c)
        wall = headers[name].get("wall_seconds") or walls.get(name, 0)
        rate = len(data[name]) / wall if wall else 0
        L.append(f"| {label} | {len(data[name])} | " + " | ".join(str(c.get(s, 0)) for s in STATUSES) +
                 f" | {wall:.0f} s | {rate:.0f} |")
    total_cases = sum(len(data[name]) for name, _ in suites)
    L.append(f"| **all** | {total_cases} | " + " | ".join(str(tot.get(s, 0)) for s in STATUSES) + " | | |")
    return L


def ulp_groups(allcases, type_order, excluded=lambda x: False):
    """Per (op, element type): cases, FAILs, FAILs excluded by `excluded` (not the backend's fault), other
    failures, UNSUPPORTED, the max ULP; and the ops, the element-type columns (type_order first, then the
    others that are not all UNSUPPORTED) and the all-UNSUPPORTED types left out."""
    groups = collections.defaultdict(lambda: {"n": 0, "fail": 0, "nt": 0, "bad": 0, "unsup": 0, "ulp": -1.0,
                                              "float": False})
    for name, x in allcases:
        g = groups[(x["op"] or "?", x["element_type"] or "?")]
        g["n"] += 1
        if x["status"] == "FAIL":
            if excluded(x):
                g["nt"] += 1
                continue  # its ULP error is not the backend's
            g["fail"] += 1
        elif x["status"] in BAD:
            g["bad"] += 1
        if x["status"] == "UNSUPPORTED":
            g["unsup"] += 1
            continue
        u = ulp_value(x["max_ulp"])
        if u >= 0 or math.isnan(u):
            g["float"] = True
            if math.isnan(u) or u > g["ulp"]:
                g["ulp"] = u if not math.isnan(u) else math.inf
    ops = sorted({k[0] for k in groups})

    def all_unsupported(t):
        return all(g["unsup"] == g["n"] for (o, t2), g in groups.items() if t2 == t)
    types = [t for t in type_order if any((o, t) in groups for o in ops)]
    types += sorted({k[1] for k in groups if k[1] not in type_order and not all_unsupported(k[1])})
    others = sorted({k[1] for k in groups if k[1] not in types})
    return groups, ops, types, others


def ulp_grid(groups, ops, types):
    """The max-ULP table of ulp_groups: one row per op, one column per element type."""
    L = []
    short = {"complex<f32>": "cf32", "complex<f64>": "cf64"}
    L.append("| op | " + " | ".join(md_escape(short.get(t, t)) for t in types) + " |")
    L.append("| --- | " + " | ".join("---" for _ in types) + " |")
    for o in ops:
        row = []
        for t in types:
            g = groups.get((o, t))
            if g is None:
                row.append("")
                continue
            if g["unsup"] == g["n"]:
                row.append("U")
                continue
            cell = fmt_ulp(g["ulp"]) if g["float"] else "int"
            if g["fail"]:
                cell += f" **F {g['fail']}**"
            if g["bad"]:
                cell += f" E {g['bad']}"
            if g["nt"]:
                cell += f" g {g['nt']}"
            row.append(cell)
        if all(c == "" for c in row):
            continue
        L.append(f"| {o} | " + " | ".join(row) + " |")
    return L


def unsupported_key(message):
    """An UNSUPPORTED message with its hex values and tensor types blanked, to group cases by reason."""
    msg = message or ""
    msg = re.sub(r"0x[0-9A-Fa-f]+", "0x...", msg)
    return re.sub(r"tensor<[^>]*>+", "tensor<...>", msg)


def unsupported_table(allcases):
    """The UNSUPPORTED cases grouped by reason: reason, cases, ops (most frequent first)."""
    L = []
    L.append("| reason | cases | ops |")
    L.append("| --- | ---: | --- |")
    ur = collections.defaultdict(lambda: [0, collections.Counter()])
    for name, x in allcases:
        if x["status"] != "UNSUPPORTED":
            continue
        msg = unsupported_key(x["message"])
        ur[msg][0] += 1
        ur[msg][1][x["op"]] += 1
    for msg, (n, opc) in sorted(ur.items(), key=lambda kv: -kv[1][0]):
        ops_s = ", ".join(o for o, _ in opc.most_common(8)) + (f" (+{len(opc) - 8})" if len(opc) > 8 else "")
        L.append(f"| {md_escape(msg[:200])} | {n} | {md_escape(ops_s)} |")
    return L


def errors_section(allcases):
    """The section listing ERROR, CRASH and TIMEOUT cases (at most 50)."""
    errs = [(name, x) for name, x in allcases if x["status"] in BAD - {"FAIL"}]
    L = ["## ERROR, CRASH, TIMEOUT", ""]
    if not errs:
        L.append("None.")
    for name, x in errs[:50]:
        L.append(f"- {x['status']} {code(x['id'])}: {md_escape((x['message'] or '')[:200])}")
    return L
