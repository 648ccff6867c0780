"""Comparing a backend's outputs with hloconf's golden vectors, in Python, as `hloconf run` does.

For test authors who use `hloconf golden --format npy` vectors in their own harness: the ULP distance per
float format and the tolerance rules of reports/comparator.cc (docs/tolerances.md), decided the same way
element by element. tests/data/comparator_vectors.json holds cases that both this module and the C++
comparator must judge alike (tests/adapters/compare_module_test.py, tests/reports/comparator_vectors_test.cc).

    import hloconf_compare as C
    verdicts = C.compare_case("golden/gen/add/f32/uniform/1/0", [my_output_array])
    # -> one Verdict per output: .status "PASS" or "FAIL", .max_ulp, .categories, .worst (index, ulp)

Element by element (bits as Python ints, `rule` as a manifest's "tolerance" object):

    C.ulp_distance(0x3F800000, 0x3F800002, "f32")          # 2
    C.compare_element(0x3F800000, 0x3F800002, "f32", {"kind": "ulp", "ulp": 1})  # ("mismatch", "value", 2)

Needs NumPy (Debian's python3-numpy) and hloconf_adapter.py beside it.
"""

import json
import math
import os
from fractions import Fraction

import numpy as np

import hloconf_adapter as H

__all__ = ["ulp_distance", "ulp_at", "within_bound", "compare_element", "compare_case", "Verdict", "is_nan"]

_ACTIONS = {"ignore": "same", "warn": "warn", "fail": "mismatch"}


def _format(element_type):
    if element_type not in H.FLOAT_FORMATS:
        raise ValueError(f"{element_type} is not a float format hloconf knows")
    return H.FLOAT_FORMATS[element_type]


def _value(bits, element_type):
    """The exact value of an encoding as a Python float (every format's values are exact in a double)."""
    return float(H.decode_raw(np.array([bits], dtype=np.uint64), element_type)[0])


def is_nan(bits, element_type):
    return math.isnan(_value(bits, element_type))


def _ordinal(bits, element_type):
    """The encoding's position among the format's values in order (-0 and +0 both 0), or None for NaN."""
    total, _, _, _, has_sign, _ = _format(element_type)
    if is_nan(bits, element_type):
        return None
    if not has_sign:
        return bits
    sign_bit = 1 << (total - 1)
    magnitude = bits & (sign_bit - 1)
    return -magnitude if bits & sign_bit else magnitude


def ulp_distance(expected_bits, actual_bits, element_type):
    """How many encodings apart two values are (0 for +0 and -0, and for two NaNs); None for a NaN against
    a number. As ir/numerics_base.cc's ulpDistance."""
    a, b = _ordinal(expected_bits, element_type), _ordinal(actual_bits, element_type)
    if a is None and b is None:
        return 0
    if a is None or b is None:
        return None
    return abs(a - b)


def ulp_at(expected_bits, element_type):
    """The spacing of the format at a finite value: 2^(e - p) where 2^(e-1) <= |value| < 2^e and p is the
    format's precision; the smallest subnormal at zeros and subnormals. An exact Fraction."""
    total, exp_bits, mant_bits, bias, has_sign, nan_encoding = _format(element_type)
    value = _value(expected_bits, element_type)
    smallest_subnormal = Fraction(2) ** (1 - bias - mant_bits)
    if value == 0 or abs(Fraction(value)) < Fraction(2) ** (1 - bias):
        return smallest_subnormal
    _, e = math.frexp(value)  # value = m * 2^e with 0.5 <= |m| < 1: MPFR's exponent
    return Fraction(2) ** (e - (mant_bits + 1))


def within_bound(expected_bits, actual_bits, element_type, factor, bound, ulps):
    """Whether |actual - expected| <= factor * bound + ulps * ulp_at(expected), exactly."""
    g, a = _value(expected_bits, element_type), _value(actual_bits, element_type)
    if not (math.isfinite(g) and math.isfinite(a)):
        return False
    threshold = Fraction(bound) * Fraction(factor) + ulp_at(expected_bits, element_type) * Fraction(ulps)
    return abs(Fraction(a) - Fraction(g)) <= threshold


def _is_subnormal(bits, element_type):
    value = _value(bits, element_type)
    _, _, mant_bits, bias, _, _ = _format(element_type)
    return math.isfinite(value) and value != 0 and abs(Fraction(value)) < Fraction(2) ** (1 - bias)


def compare_element(expected_bits, actual_bits, element_type, rule, bound=None):
    """One float element under a rule (a manifest's "tolerance" object: kind exact|ulp|bound, ulp,
    bound_factor, signed_zero, nan_payload, ftz). `bound` is the element's error bound (error-bound-N.npy),
    or None. Returns (verdict, category, ulp): verdict "same", "admitted", "warn" or "mismatch"; category
    "", "value", "nan", "signed_zero", "nan_payload", "ftz" or "unbounded"; ulp the distance (inf for a
    NaN against a number)."""
    kind = rule.get("kind", "exact")
    allowance = 0 if kind == "exact" else float(rule.get("ulp", 0))
    if expected_bits == actual_bits:
        return "same", "", 0
    if is_nan(expected_bits, element_type) and is_nan(actual_bits, element_type):
        verdict = _ACTIONS[rule.get("nan_payload", "ignore")]
        return verdict, "" if verdict == "same" else "nan_payload", 0
    distance = ulp_distance(expected_bits, actual_bits, element_type)
    if distance == 0:  # +0 and -0
        verdict = _ACTIONS[rule.get("signed_zero", "warn")]
        return verdict, "" if verdict == "same" else "signed_zero", 0
    ulp = math.inf if distance is None else distance
    if kind == "bound" and bound is not None and math.isinf(bound):
        # No finite bound holds for this element: any value is what some accumulation order may give.
        return ("admitted", "", ulp) if ulp <= allowance else ("warn", "unbounded", ulp)
    if distance is None:
        return "mismatch", "nan", ulp
    within = ulp <= allowance
    if not within and kind == "bound" and bound is not None:
        within = within_bound(expected_bits, actual_bits, element_type, float(rule.get("bound_factor", 1)), bound,
                              float(rule.get("ulp", 0)))
    if within:
        return "admitted", "", ulp
    if _is_subnormal(expected_bits, element_type) and _value(actual_bits, element_type) == 0:
        # Flushed to zero; a zero of the other sign is a signed-zero difference too: the stricter decides.
        total, _, _, _, has_sign, nan_encoding = _format(element_type)
        has_negative_zero = has_sign and nan_encoding != "negative_zero"
        same_sign = not has_negative_zero or ((expected_bits ^ actual_bits) >> (total - 1)) & 1 == 0
        order = ["same", "warn", "mismatch"]
        ftz = _ACTIONS[rule.get("ftz", "warn")]
        sign = "same" if same_sign else _ACTIONS[rule.get("signed_zero", "warn")]
        verdict = max(ftz, sign, key=order.index)
        category = "ftz" if ftz != "same" else ("signed_zero" if sign != "same" else "")
        return verdict, category, ulp
    return "mismatch", "value", ulp


class Verdict:
    """The outcome for one output: status "PASS" or "FAIL", the largest ULP distance, element counts per
    category, and the worst element (flat index, ULP distance)."""

    def __init__(self):
        self.status, self.max_ulp, self.categories, self.worst, self.mismatches = "PASS", 0, {}, None, 0

    def __repr__(self):
        return f"Verdict({self.status}, max_ulp={self.max_ulp}, mismatches={self.mismatches}, categories={self.categories})"


def _bits_of(array, element_type):
    """The encodings of an output array: raw-bits types travel as unsigned integers already."""
    array = np.asarray(array)
    if H.is_raw_bits_type(element_type):
        return [int(b) for b in array.reshape(-1).astype(np.uint64)]
    view = {"f16": np.uint16, "f32": np.uint32, "f64": np.uint64}[element_type]
    return [int(b) for b in np.ascontiguousarray(array).reshape(-1).view(view)]


def compare_case(case_dir, outputs):
    """Judges `outputs` (NumPy arrays, one per output of the case, in the dtypes of its manifest) against
    the golden vector in `case_dir` (hloconf golden --format npy). Returns one Verdict per output. Integer
    and boolean outputs must be equal except where the reference marked them implementation-defined;
    complex outputs are judged part by part."""
    with open(os.path.join(case_dir, "manifest.json")) as f:
        manifest = json.load(f)
    rule = manifest["tolerance"]
    if len(outputs) != len(manifest["outputs"]):
        raise ValueError(f"the case has {len(manifest['outputs'])} outputs; {len(outputs)} were given")
    verdicts = []
    for entry, actual in zip(manifest["outputs"], outputs):
        _, element_type = H.parse_tensor_type(entry["type"])
        expected = np.load(os.path.join(case_dir, entry["file"]))
        bounds = np.load(os.path.join(case_dir, entry["error_bound"])).reshape(-1) if "error_bound" in entry else None
        marked = set(entry.get("implementation_defined_elements", []))
        v = Verdict()
        actual = np.asarray(actual)
        if actual.shape != expected.shape:
            v.status = "FAIL"
            v.categories["shape"] = 1
            verdicts.append(v)
            continue
        if H.is_complex_type(element_type):
            part = "f32" if element_type == "complex<f32>" else "f64"
            pairs = [(_bits_of(expected.real, part), _bits_of(actual.real, part)),
                     (_bits_of(expected.imag, part), _bits_of(actual.imag, part))]
        elif H.is_float_type(element_type):
            part = element_type
            pairs = [(_bits_of(expected, element_type), _bits_of(actual, element_type))]
        else:
            part = None
            e, a = expected.reshape(-1), actual.reshape(-1)
            for i in range(e.size):
                if e[i] != a[i]:
                    category = "impl_defined" if i in marked else "value"
                    v.categories[category] = v.categories.get(category, 0) + 1
                    if i not in marked:
                        v.status, v.mismatches = "FAIL", v.mismatches + 1
            v.max_ulp = -1
            verdicts.append(v)
            continue
        count = len(pairs[0][0])
        for i in range(count):
            bound = None if bounds is None else float(bounds[i])
            element_worst = None
            for exp_bits, act_bits in pairs:
                verdict, category, ulp = compare_element(exp_bits[i], act_bits[i], part, rule, bound)
                if i in marked and verdict == "mismatch":
                    verdict, category = "warn", "impl_defined"
                if category:
                    v.categories[category] = v.categories.get(category, 0) + 1
                if verdict == "mismatch":
                    v.status = "FAIL"
                    element_worst = True
                if ulp > v.max_ulp and category != "impl_defined":
                    v.max_ulp, v.worst = ulp, (i, ulp)
            if element_worst:
                v.mismatches += 1
        verdicts.append(v)
    return verdicts
