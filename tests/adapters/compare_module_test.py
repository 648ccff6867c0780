#!/usr/bin/python3
"""adapters/python/hloconf_compare.py against the element vectors it shares with the C++ comparator
(tests/data/comparator_vectors.json; tests/reports/comparator_vectors_test.cc checks the same file), and
compare_case on a golden vector that `hloconf golden --format npy` writes.

    tests/adapters/compare_module_test.py [HLOCONF_BINARY]
"""
import json
import math
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "adapters", "python"))
import numpy as np  # noqa: E402

import hloconf_compare as C  # noqa: E402

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)


with open(os.path.join(ROOT, "tests", "data", "comparator_vectors.json")) as f:
    vectors = json.load(f)["vectors"]
check(len(vectors) >= 20, "at least 20 vectors")
for v in vectors:
    bound = None
    if "bound" in v:
        bound = math.inf if v["bound"] == "inf" else float(v["bound"])
    verdict, category, ulp = C.compare_element(int(v["expected"], 16), int(v["actual"], 16), v["type"], v["rule"], bound)
    status = "FAIL" if verdict == "mismatch" else "PASS"
    want = v["want"]
    check(status == want["status"], f"{v['name']}: status {status}, want {want['status']}")
    check(category == want["category"], f"{v['name']}: category {category!r}, want {want['category']!r}")
    if want["ulp"] is None:
        check(math.isinf(ulp), f"{v['name']}: ulp {ulp}, want none (NaN against a number)")
    else:
        check(ulp == want["ulp"], f"{v['name']}: ulp {ulp}, want {want['ulp']}")

# A whole golden vector: the reference's own outputs pass; one element moved by 3 ULP fails the exact rule.
hloconf = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "hloconf")
with tempfile.TemporaryDirectory() as out:
    r = subprocess.run([hloconf, "golden", "gen:add/f32/uniform", "--count", "2", "--format", "npy", "--out", out],
                       capture_output=True, text=True)
    check(r.returncode == 0, f"hloconf golden: {r.stdout}{r.stderr}")
    with open(os.path.join(out, "index.json")) as f:
        index = json.load(f)
    check(len(index["cases"]) == 2, f"index.json lists {len(index['cases'])} cases, want 2")
    case = os.path.join(out, index["cases"][0]["path"])
    with open(os.path.join(case, "manifest.json")) as f:
        manifest = json.load(f)
    check(manifest["tolerance"]["signed_zero"] in ("ignore", "warn", "fail"), "the manifest names its signed_zero flag")
    expected = np.load(os.path.join(case, manifest["outputs"][0]["file"]))
    verdicts = C.compare_case(case, [expected.copy()])
    check(verdicts[0].status == "PASS" and verdicts[0].max_ulp == 0, f"the golden itself: {verdicts[0]}")
    moved = expected.copy().reshape(-1)
    bits = moved.view(np.uint32)
    i = int(np.argmax(np.abs(moved) > 0))
    bits[i] += 3
    verdicts = C.compare_case(case, [moved.reshape(expected.shape)])
    check(verdicts[0].status == "FAIL" and verdicts[0].max_ulp == 3 and verdicts[0].mismatches == 1,
          f"3 ULP off under {manifest['tolerance']['rule']}: {verdicts[0]}")

if failures:
    print("compare_module_test: FAILED\n  " + "\n  ".join(failures))
    sys.exit(1)
print(f"compare_module_test: {len(vectors)} vectors and a golden case judged as the C++ comparator does")
