"""hloconf backend adapter for PyTorch (CPU, eager): an interpreter over the IR JSON (PROTOCOL.md, "The IR as
JSON") that evaluates @main's ops in order on torch tensors.

Rules of the translation (adapters/torch/README.md has the table):

- Every float op runs in torch's own kernel in the case's dtype (torch.exp on a float32 tensor, torch.sum on a
  bfloat16 tensor, ...). Nothing is computed in float64 and rounded: the point is to see torch's behaviour.
- Where torch has no kernel for a dtype ("... not implemented for 'Half'"), the case is UNSUPPORTED with torch's
  message. Where torch has no op with StableHLO's semantics (cbrt, complex atan2/remainder/maximum, f8 and
  unsigned 16/32/64-bit types, multi-process programs, quantized types, THREE_FRY/PHILOX), the op or type is
  left out of the handshake or the case is answered UNSUPPORTED with a reason.
- Integer semantics that torch leaves undefined or traps on are made explicit with exact integer tensor ops:
  division/remainder by zero and INT_MIN / -1 (torch raises ZeroDivisionError or dies of SIGFPE), shift amounts
  outside [0, bit width). These results are implementation-defined in StableHLO; the adapter gives XLA's values
  (docs/semantics.md). Index rules of gather/scatter/dynamic_slice (clamping, out-of-bounds updates skipped) are
  index arithmetic on int64 tensors.
- Region bodies (reduce, reduce_window, scatter, sort, select_and_scatter, map) that are one known op map to
  torch's reductions (sum, prod, amax, amin, all, any, index_put_, scatter_reduce, sort). Other bodies are
  evaluated by this interpreter on whole tensors (a fold over the reduced elements), which keeps StableHLO's
  semantics without guessing.
"""

import functools
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import hloconf_adapter as H  # noqa: E402
import numpy as np  # noqa: E402
import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

torch.set_num_threads(int(os.environ.get("HLOCONF_TORCH_THREADS", "1")))

Unsupported = H.Unsupported

DTYPES = {
    "i1": torch.bool, "i8": torch.int8, "si8": torch.int8, "i16": torch.int16, "si16": torch.int16,
    "i32": torch.int32, "si32": torch.int32, "i64": torch.int64, "si64": torch.int64, "ui8": torch.uint8,
    "f16": torch.float16, "bf16": torch.bfloat16, "f32": torch.float32, "f64": torch.float64,
    "complex<f32>": torch.complex64, "complex<f64>": torch.complex128,
}
ELEMENT_TYPES = ["i1", "i8", "i16", "i32", "i64", "ui8", "f16", "bf16", "f32", "f64", "complex<f32>", "complex<f64>",
                 "quant<i8:f32>", "quant<ui8:f32>"]
INT_DTYPES = (torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8)
FLOAT_DTYPES = (torch.float16, torch.bfloat16, torch.float32, torch.float64)
COMPLEX_DTYPES = (torch.complex64, torch.complex128)
BITS = {torch.bool: 1, torch.int8: 8, torch.uint8: 8, torch.int16: 16, torch.int32: 32, torch.int64: 64,
        torch.float16: 16, torch.bfloat16: 16, torch.float32: 32, torch.float64: 64,
        torch.complex64: 64, torch.complex128: 128}
# Same-width signed integer dtype of a float dtype (for bit manipulation).
INT_OF_FLOAT = {torch.float16: torch.int16, torch.bfloat16: torch.int16, torch.float32: torch.int32,
                torch.float64: torch.int64}
# (exponent bits, mantissa bits) of the float dtypes.
FORMAT = {torch.float16: (5, 10), torch.bfloat16: (8, 7), torch.float32: (8, 23), torch.float64: (11, 52)}

# Largest number of body evaluations / element loops the generic (interpreted) paths may take.
GENERIC_LIMIT = 200000


class Token:
    """A !stablehlo.token value."""


TOKEN = Token()


# --- values -------------------------------------------------------------------------------------------

def dtype_of(element_type):
    if element_type not in DTYPES:
        raise Unsupported(f"element type {element_type}: torch has no such dtype")
    return DTYPES[element_type]


class QuantType:
    """A !quant.uniform element type that torch's quantized tensors hold: i8 (qint8) or ui8 (quint8) storage
    with its full range, f32 expressed type, per-tensor or per-axis scales and zero points."""

    def __init__(self, text, storage_type):
        if not text.startswith("!quant.uniform<") or not text.endswith(">"):
            raise Unsupported(f"element type {text}")
        body = text[len("!quant.uniform<"):-1]
        head, _, params = body.partition(",")
        if "<" in head:
            raise Unsupported(f"{text}: a storage range narrower than the storage type (torch has none)")
        parts = head.split(":")
        storage = storage_type or parts[0]
        if storage in ("i8", "si8"):
            self.dtype, self.storage = torch.qint8, torch.int8
        elif storage in ("ui8", "u8"):
            self.dtype, self.storage = torch.quint8, torch.uint8
        else:
            raise Unsupported(f"{text}: torch quantizes to qint8/quint8 only")
        if parts[1] != "f32":
            raise Unsupported(f"{text}: torch quantizes float32 values only")
        self.axis = int(parts[2]) if len(parts) > 2 else None
        entries = params.strip().strip("{}").split(",")
        self.scales, self.zero_points = [], []
        for entry in entries:
            scale, _, zero_point = entry.strip().partition(":")
            # The scale is a value of the expressed type (f32): MLIR prints it as a double, torch holds a double.
            self.scales.append(float(np.float32(float(scale))))
            self.zero_points.append(int(zero_point) if zero_point else 0)

    def from_storage(self, x):
        x = x.to(self.storage)
        if self.axis is None:
            return torch._make_per_tensor_quantized_tensor(x, self.scales[0], self.zero_points[0])
        return torch._make_per_channel_quantized_tensor(x, torch.tensor(self.scales, dtype=torch.float64),
                                                        torch.tensor(self.zero_points, dtype=torch.int64), self.axis)

    def quantize(self, x):
        need(x.dtype == torch.float32, f"uniform_quantize of {x.dtype}: torch quantizes float32 values only")
        if self.axis is None:
            return torch.quantize_per_tensor(x, self.scales[0], self.zero_points[0], self.dtype)
        return torch.quantize_per_channel(x, torch.tensor(self.scales, dtype=torch.float64),
                                          torch.tensor(self.zero_points, dtype=torch.int64), self.axis, self.dtype)


def quant_type(value_json):
    element = value_json.get("element_type", "")
    return QuantType(element, value_json.get("storage_type")) if element.startswith("!quant") else None


QUANT_OPS = {"stablehlo.bitcast_convert", "stablehlo.uniform_quantize", "stablehlo.uniform_dequantize",
             "func.return", "stablehlo.return", "func.call", "stablehlo.optimization_barrier"}


def from_numpy(array, element_type):
    dt = dtype_of(element_type)
    array = np.ascontiguousarray(array).reshape(np.shape(array))  # (NumPy < 2 makes a 0-d array 1-d)
    if element_type == "bf16":
        return torch.from_numpy(array.astype(np.uint16).view(np.int16).copy()).view(torch.bfloat16)
    tensor = torch.from_numpy(array.copy())
    if tensor.dtype != dt:
        tensor = tensor.to(dt)
    return tensor


def to_numpy(tensor, element_type):
    if not isinstance(tensor, torch.Tensor):
        raise ValueError(f"a result of type {element_type} is not a tensor")
    tensor = tensor.contiguous()
    if tensor.dtype != dtype_of(element_type):
        raise ValueError(f"internal: result has dtype {tensor.dtype}, expected {element_type}")
    if element_type == "bf16":
        return tensor.view(torch.int16).numpy().view(np.uint16)
    return tensor.numpy()


def constant(attr):
    shape = tuple(attr["shape"])
    element_type = attr["element_type"]
    dt = dtype_of(element_type)
    raw = bytes.fromhex(attr["hex"])
    array = np.frombuffer(raw, dtype=H.npy_dtype(element_type))
    count = int(np.prod(shape)) if shape else 1
    if array.size != count:
        if array.size == 1:
            array = np.broadcast_to(array, (count,))
        else:
            raise ValueError(f"constant has {array.size} elements, expected {count}")
    tensor = from_numpy(array.reshape(shape), element_type)
    assert tensor.dtype == dt
    return tensor


def attr(op, name, default=None):
    entry = op["attributes"].get(name)
    if entry is None:
        return default
    return entry.get("value", default)


def result_dtype(op, k=0):
    return dtype_of(op["results"][k]["element_type"])


def result_shape(op, k=0):
    shape = op["results"][k]["shape"]
    if any(d < 0 for d in shape):
        raise Unsupported("dynamic result shape")
    return list(shape)


def pairs(flat, rank):
    """A [rank, 2] padding attribute as (low list, high list)."""
    if flat is None:
        return [0] * rank, [0] * rank
    return [int(flat[2 * i]) for i in range(rank)], [int(flat[2 * i + 1]) for i in range(rank)]


def full(value, shape):
    """A tensor of `shape` filled with the 0-d tensor `value` (any dtype, bits kept)."""
    return value.reshape([1] * len(shape)).expand(list(shape)).clone() if len(shape) else value.clone()


# --- integer helpers -------------------------------------------------------------------------------------

def unsigned_i64(x):
    """An integer tensor as int64 holding its unsigned value (widths below 64); int64 stays as it is."""
    w = BITS[x.dtype]
    if x.dtype == torch.int64:
        return x
    return x.to(torch.int64) & ((1 << w) - 1)


def shift_amount(s):
    """(in-range amount as int64 in [0, w), mask of amounts >= w read as unsigned) for shift ops."""
    w = BITS[s.dtype]
    s64 = unsigned_i64(s)
    out_of_range = (s64 < 0) | (s64 >= w)
    return torch.where(out_of_range, torch.zeros_like(s64), s64), out_of_range


def int_min(dt):
    return -(1 << (BITS[dt] - 1))


def safe_int_division(a, b, kind):
    """trunc division / fmod on integers, with b == 0 and INT_MIN / -1 (torch raises or traps: SIGFPE) given
    XLA's implementation-defined results: x / 0 = -1, x % 0 = x, INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0."""
    a, b = torch.broadcast_tensors(a, b)
    zero = b == 0
    overflow = torch.zeros_like(zero)
    if a.dtype != torch.uint8:
        overflow = (a == int_min(a.dtype)) & (b == -1)
    bad = zero | overflow
    safe_b = torch.where(bad, torch.ones_like(b), b)
    if kind == "div":
        r = torch.div(a, safe_b, rounding_mode="trunc")
        r = torch.where(zero, torch.full_like(a, -1 if a.dtype != torch.uint8 else 255), r)
        r = torch.where(overflow, a, r)
    else:
        r = torch.fmod(a, safe_b)
        r = torch.where(zero, a, r)
        r = torch.where(overflow, torch.zeros_like(a), r)
    return r


def total_order_key(x):
    """float tensor -> int64 key whose signed order is IEEE totalOrder (-NaN < -inf < ... < -0 < +0 < ... < NaN)."""
    bits = x.contiguous().view(INT_OF_FLOAT[x.dtype]).to(torch.int64)
    w = BITS[x.dtype]
    mask = (1 << (w - 1)) - 1
    return torch.where(bits < 0, bits ^ mask, bits)


def unsigned_key(x):
    if x.dtype == torch.int64:
        return x ^ (-(1 << 63))
    return unsigned_i64(x)


# --- elementwise ops --------------------------------------------------------------------------------------

def need(cond, reason):
    if not cond:
        raise Unsupported(reason)


def op_add(a, b):
    return torch.logical_or(a, b) if a.dtype == torch.bool else torch.add(a, b)


def op_subtract(a, b):
    need(a.dtype != torch.bool, "subtract on i1")
    return torch.sub(a, b)


def op_multiply(a, b):
    return torch.logical_and(a, b) if a.dtype == torch.bool else torch.mul(a, b)


def op_divide(a, b):
    if a.dtype in INT_DTYPES:
        return safe_int_division(a, b, "div")
    need(a.dtype != torch.bool, "divide on i1")
    return torch.div(a, b)


def op_remainder(a, b):
    need(a.dtype not in COMPLEX_DTYPES, "complex remainder is TBD in the spec and torch.fmod has no complex kernel")
    if a.dtype in INT_DTYPES:
        return safe_int_division(a, b, "rem")
    need(a.dtype != torch.bool, "remainder on i1")
    return torch.fmod(a, b)


def op_maximum(a, b):
    need(a.dtype not in COMPLEX_DTYPES, "torch.maximum has no complex kernel (StableHLO orders complex lexicographically)")
    return torch.maximum(a, b)


def op_minimum(a, b):
    need(a.dtype not in COMPLEX_DTYPES, "torch.minimum has no complex kernel (StableHLO orders complex lexicographically)")
    return torch.minimum(a, b)


def op_power(a, b):
    need(a.dtype != torch.bool, "power on i1")
    return torch.pow(a, b)


def op_atan2(a, b):
    need(a.dtype not in COMPLEX_DTYPES, "torch.atan2 has no complex kernel")
    return torch.atan2(a, b)


def op_and(a, b):
    return torch.bitwise_and(a, b)


def op_or(a, b):
    return torch.bitwise_or(a, b)


def op_xor(a, b):
    return torch.bitwise_xor(a, b)


def op_not(a):
    return torch.logical_not(a) if a.dtype == torch.bool else torch.bitwise_not(a)


def op_shift_left(a, s):
    need(a.dtype != torch.bool, "shift on i1")
    a, s = torch.broadcast_tensors(a, s)
    amount, out_of_range = shift_amount(s)
    r = torch.bitwise_left_shift(a, amount.to(a.dtype))
    return torch.where(out_of_range, torch.zeros_like(a), r)


def op_shift_right_arithmetic(a, s):
    need(a.dtype != torch.bool, "shift on i1")
    a, s = torch.broadcast_tensors(a, s)
    amount, out_of_range = shift_amount(s)
    if a.dtype == torch.uint8:
        # The arithmetic shift works on the bit pattern (the top bit fills, as in the reference, XLA's evaluator
        # and the upstream interpreter): shift the same bits as int8.
        return op_shift_right_arithmetic(a.view(torch.int8), s.view(torch.int8)).view(torch.uint8)
    r = torch.bitwise_right_shift(a, amount.to(a.dtype))
    fill = torch.where(a < 0, torch.full_like(a, -1), torch.zeros_like(a))
    return torch.where(out_of_range, fill, r)


def op_shift_right_logical(a, s):
    need(a.dtype != torch.bool, "shift on i1")
    a, s = torch.broadcast_tensors(a, s)
    amount, out_of_range = shift_amount(s)
    if a.dtype == torch.uint8:
        r = torch.bitwise_right_shift(a, amount.to(torch.uint8))
    elif a.dtype == torch.int64:
        shifted = torch.bitwise_right_shift(a, amount)
        keep = torch.where(amount == 0, torch.full_like(a, -1),
                           torch.bitwise_left_shift(torch.ones_like(a), 64 - torch.clamp(amount, min=1)) - 1)
        r = shifted & keep
    else:
        r = torch.bitwise_right_shift(unsigned_i64(a), amount).to(a.dtype)
    return torch.where(out_of_range, torch.zeros_like(a), r)


def op_popcnt(a):
    need(a.dtype in INT_DTYPES, "popcnt on non-integer")
    x = a.to(torch.int64)  # bit k of the two's complement value: (x >> k) & 1, for every width
    count = torch.zeros_like(x)
    for k in range(BITS[a.dtype]):
        count += torch.bitwise_right_shift(x, k) & 1
    return count.to(a.dtype)


def op_count_leading_zeros(a):
    need(a.dtype in INT_DTYPES, "count_leading_zeros on non-integer")
    x = a.to(torch.int64)
    w = BITS[a.dtype]
    highest = torch.full_like(x, -1)
    for k in range(w):
        bit = (torch.bitwise_right_shift(x, k) & 1) == 1
        highest = torch.where(bit, torch.full_like(x, k), highest)
    return (w - 1 - highest).to(a.dtype)


def op_round_nearest_afz(a):
    need(a.dtype in FLOAT_DTYPES, "round_nearest_afz on non-float")
    # trunc and the fraction x - trunc(x) are exact, so this is exactly round-half-away-from-zero (torch has none).
    t = torch.trunc(a)
    frac = a - t
    step = torch.where(a < 0, torch.full_like(a, -1), torch.ones_like(a))
    return torch.where(torch.abs(frac) >= 0.5, t + step, t)


def op_sign(a):
    if a.dtype in COMPLEX_DTYPES:
        return torch.sgn(a)
    return torch.sign(a)


def op_abs(a):
    return torch.abs(a)


def op_negate(a):
    need(a.dtype != torch.bool, "negate on i1")
    return torch.neg(a)


def op_imag(a):
    if a.dtype in COMPLEX_DTYPES:
        return torch.imag(a).clone()
    return torch.zeros_like(a)


def op_real(a):
    if a.dtype in COMPLEX_DTYPES:
        return torch.real(a).clone()
    return a.clone()


def op_is_finite(a):
    return torch.isfinite(a)


def op_cbrt(a):
    raise Unsupported("torch 1.13 has no cbrt (pow(x, 1/3) is not cbrt)")


def op_reduce_precision(x, exponent_bits, mantissa_bits):
    """StableHLO reduce_precision as XLA implements it on the operand's encoding (docs/semantics.md), with
    exact integer ops on the bits: round the mantissa to nearest-even, then flush or overflow the exponent."""
    need(x.dtype in FORMAT, "reduce_precision on non-float")
    src_e, src_m = FORMAT[x.dtype]
    w = BITS[x.dtype]
    bits = x.contiguous().view(INT_OF_FLOAT[x.dtype]).to(torch.int64)
    if w < 64:
        bits = bits & ((1 << w) - 1)
    sign_mask = -(1 << 63) if w == 64 else (1 << (w - 1))
    sign = bits & sign_mask
    mag = bits & ~sign_mask if w == 64 else bits & ((1 << (w - 1)) - 1)
    if mantissa_bits < src_m:
        shift = src_m - mantissa_bits
        last_bit_mask = 1 << shift
        base_bias = (last_bit_mask >> 1) - 1
        last_bit = torch.bitwise_right_shift(mag & last_bit_mask, shift)
        # With mantissa_bits = 0 the last kept bit is the exponent's lowest: a tie goes to the even exponent,
        # as XLA and the reference do (docs/semantics.md).
        mag = (mag + last_bit + base_bias) & ~(last_bit_mask - 1)
    if exponent_bits < src_e:
        exp_mask = ((1 << src_e) - 1) << src_m
        bias = (1 << (src_e - 1)) - 1
        reduced_bias = (1 << (exponent_bits - 1)) - 1
        max_exp = bias + reduced_bias
        min_exp = bias - reduced_bias
        exponent = mag & exp_mask
        overflow = exponent > (max_exp << src_m)
        underflow = exponent <= (min_exp << src_m)
        mag = torch.where(overflow, torch.full_like(mag, exp_mask), mag)
        mag = torch.where(underflow, torch.zeros_like(mag), mag)
    result_bits = sign | mag
    if w < 64:
        result_bits = torch.where(result_bits >= (1 << (w - 1)), result_bits - (1 << w), result_bits)
    result = result_bits.to(INT_OF_FLOAT[x.dtype]).view(x.dtype)
    nan = torch.isnan(x)
    if mantissa_bits > 0:
        return torch.where(nan, x, result)
    inf = torch.where(sign != 0, torch.full_like(x, float("-inf")), torch.full_like(x, float("inf")))
    return torch.where(nan, inf, result)


def compare(a, b, direction, compare_type):
    if a.dtype in COMPLEX_DTYPES:
        need(direction in ("EQ", "NE"), f"compare {direction} on complex")
    if compare_type == "TOTALORDER" and a.dtype in FLOAT_DTYPES:
        a, b = total_order_key(a), total_order_key(b)
    elif compare_type == "UNSIGNED" and a.dtype in INT_DTYPES and a.dtype != torch.uint8:
        a, b = unsigned_key(a), unsigned_key(b)
    elif compare_type == "SIGNED" and a.dtype == torch.uint8:
        a, b = a.view(torch.int8), b.view(torch.int8)
    fn = {"EQ": torch.eq, "NE": torch.ne, "GE": torch.ge, "GT": torch.gt, "LE": torch.le, "LT": torch.lt}[direction]
    return fn(a, b)


def convert(x, dt):
    if x.dtype == dt:
        return x.clone()
    if x.dtype in COMPLEX_DTYPES and dt not in COMPLEX_DTYPES:
        x = torch.real(x)  # complex -> real keeps the real part (torch's .to does the same, with a warning)
    if dt == torch.bool:
        return x != 0
    return x.to(dt)


def bitcast_convert(x, dt, shape):
    if x.dtype == dt:
        return x.clone()
    need(x.dtype != torch.bool and dt != torch.bool, "bitcast_convert to or from i1")
    if x.numel() == 0:
        return torch.empty(shape, dtype=dt)  # (torch cannot view an empty tensor as another element size)
    return x.contiguous().reshape(-1).view(dt).reshape(shape).clone()


UNARY = {
    "stablehlo.abs": op_abs, "stablehlo.negate": op_negate, "stablehlo.not": op_not,
    "stablehlo.exponential": torch.exp, "stablehlo.exponential_minus_one": torch.expm1, "stablehlo.log": torch.log,
    "stablehlo.log_plus_one": torch.log1p, "stablehlo.logistic": torch.sigmoid, "stablehlo.sine": torch.sin,
    "stablehlo.cosine": torch.cos, "stablehlo.tan": torch.tan, "stablehlo.tanh": torch.tanh,
    "stablehlo.sqrt": torch.sqrt, "stablehlo.rsqrt": torch.rsqrt, "stablehlo.cbrt": op_cbrt,
    "stablehlo.ceil": torch.ceil, "stablehlo.floor": torch.floor, "stablehlo.round_nearest_even": torch.round,
    "stablehlo.round_nearest_afz": op_round_nearest_afz, "stablehlo.sign": op_sign,
    "stablehlo.is_finite": op_is_finite, "stablehlo.popcnt": op_popcnt,
    "stablehlo.count_leading_zeros": op_count_leading_zeros, "stablehlo.real": op_real, "stablehlo.imag": op_imag,
}
BINARY = {
    "stablehlo.add": op_add, "stablehlo.subtract": op_subtract, "stablehlo.multiply": op_multiply,
    "stablehlo.divide": op_divide, "stablehlo.remainder": op_remainder, "stablehlo.maximum": op_maximum,
    "stablehlo.minimum": op_minimum, "stablehlo.power": op_power, "stablehlo.atan2": op_atan2,
    "stablehlo.and": op_and, "stablehlo.or": op_or, "stablehlo.xor": op_xor,
    "stablehlo.shift_left": op_shift_left, "stablehlo.shift_right_arithmetic": op_shift_right_arithmetic,
    "stablehlo.shift_right_logical": op_shift_right_logical, "stablehlo.complex": torch.complex,
}
# chlo's elementwise ops where torch has the function (issue 20); chlo.md's definitions, torch's kernels.
def op_chlo_polygamma(n, x):
    """polygamma(n, x) elementwise for a tensor n: torch takes one integer order per call, so each distinct
    order runs once; an order that is not a non-negative integer gives NaN (chlo.md)."""
    out = torch.full_like(x, float("nan"))
    n_wide = n.to(torch.float64)
    for order in torch.unique(n_wide).tolist():
        if order != order or order < 0 or order != int(order):
            continue
        mask = n_wide == order
        out[mask] = torch.special.polygamma(int(order), x[mask])
    return out


UNARY.update({
    "chlo.acos": torch.acos, "chlo.acosh": torch.acosh, "chlo.asin": torch.asin, "chlo.asinh": torch.asinh,
    "chlo.atan": torch.atan, "chlo.atanh": torch.atanh, "chlo.cosh": torch.cosh, "chlo.sinh": torch.sinh,
    "chlo.tan": torch.tan, "chlo.erf": torch.special.erf, "chlo.erfc": torch.special.erfc,
    "chlo.erf_inv": torch.special.erfinv, "chlo.lgamma": torch.lgamma, "chlo.digamma": torch.special.digamma,
    "chlo.bessel_i1e": torch.special.i1e, "chlo.square": torch.square, "chlo.conj": torch.conj_physical,
    "chlo.is_inf": torch.isinf, "chlo.is_pos_inf": torch.isposinf, "chlo.is_neg_inf": torch.isneginf,
})
BINARY.update({
    "chlo.next_after": torch.nextafter, "chlo.zeta": torch.special.zeta, "chlo.polygamma": op_chlo_polygamma,
})

# chlo.broadcast_<op> (chlo.md): the operands broadcast to the result's shape, then <op>. The lower-rank
# operand of two follows `broadcast_dimensions` where given, else trailing dimensions align (numpy's rule,
# which torch's own broadcasting follows too; the explicit form is needed for broadcast_dimensions).
CHLO_BROADCAST = {
    "chlo.broadcast_" + name.split(".")[1]: name for name in (
        "stablehlo.add", "stablehlo.and", "stablehlo.atan2", "stablehlo.compare", "stablehlo.complex",
        "stablehlo.divide", "stablehlo.maximum", "stablehlo.minimum", "stablehlo.multiply", "chlo.next_after",
        "stablehlo.or", "chlo.polygamma", "stablehlo.power", "stablehlo.remainder", "stablehlo.select",
        "stablehlo.shift_left", "stablehlo.shift_right_arithmetic", "stablehlo.shift_right_logical",
        "stablehlo.subtract", "stablehlo.xor", "chlo.zeta")}


def chlo_broadcast_operands(op, ins):
    shape = result_shape(op)
    rank = len(shape)
    dims = attr(op, "broadcast_dimensions")
    lower = min(x.dim() for x in ins)
    out = []
    for x in ins:
        if dims is not None and len(ins) == 2 and ins[0].dim() != ins[1].dim() and x.dim() == lower:
            maps = [int(d) for d in dims]
        else:
            maps = list(range(rank - x.dim(), rank))
        out.append(broadcast_in_dim(x, maps, shape))
    return out


def mulhi(a, b):
    """chlo.mulhi: the high half of the exact double-width product (signed types: its arithmetic shift).
    torch has no such op: for types up to 32 bits the product is exact in int64, and for i64 it is worked
    in Python integers (torch has no 128-bit type)."""
    bits = {torch.int8: 8, torch.uint8: 8, torch.int16: 16, torch.int32: 32, torch.int64: 64}.get(a.dtype)
    need(bits is not None, f"mulhi on {a.dtype}")
    if bits < 64:
        return ((a.to(torch.int64) * b.to(torch.int64)) >> bits).to(a.dtype)
    high = [(x * y) >> 64 for x, y in zip(a.reshape(-1).tolist(), b.reshape(-1).tolist())]
    return torch.tensor(high, dtype=torch.int64).reshape(a.shape)


# Ops a region body may contain to be evaluated on whole tensors (they broadcast and ignore result shapes).
ELEMENTWISE = set(UNARY) | set(BINARY) | {
    "stablehlo.compare", "stablehlo.select", "stablehlo.clamp", "stablehlo.convert", "stablehlo.constant",
    "stablehlo.reduce_precision", "stablehlo.return", "stablehlo.optimization_barrier"}


# --- shape ops ------------------------------------------------------------------------------------------

def broadcast_in_dim(x, dims, shape):
    order = sorted(range(len(dims)), key=lambda i: dims[i])
    x = x.permute(order) if order else x
    view = [1] * len(shape)
    for i, d in enumerate(sorted(dims)):
        view[d] = x.shape[i]
    return x.reshape(view).expand(list(shape)).clone()


def pad(x, value, low, high, interior):
    shape = list(x.shape)
    dilated = [(s - 1) * (i + 1) + 1 if s > 0 else 0 for s, i in zip(shape, interior)]
    lo_pos = [max(int(l), 0) for l in low]
    hi_pos = [max(int(h), 0) for h in high]
    big_shape = [l + d + h for l, d, h in zip(lo_pos, dilated, hi_pos)]
    big = full(value.to(x.dtype), big_shape)
    if x.numel() > 0:
        big[tuple(slice(l, l + d, i + 1) for l, d, i in zip(lo_pos, dilated, interior))] = x
    crop = tuple(slice(-min(int(l), 0), b - (-min(int(h), 0))) for l, h, b in zip(low, high, big_shape))
    return big[crop].clone() if crop else big


def windows(x, window, strides, window_dilations):
    """x (already padded) -> tensor of shape out_shape + [K] (K = product of window dims), the elements of each
    window in row-major window order."""
    rank = x.dim()
    spans = [(w - 1) * d + 1 for w, d in zip(window, window_dilations)]
    out_shape = [max((x.shape[i] - spans[i]) // strides[i] + 1, 0) if x.shape[i] >= spans[i] else 0 for i in range(rank)]
    if rank == 0:
        return x.reshape(1)
    if any(s == 0 for s in out_shape):
        return x.new_empty(out_shape + [int(np.prod(window))])
    for i in range(rank):
        x = x.unfold(i, spans[i], strides[i])
    x = x[(slice(None),) * rank + tuple(slice(None, None, d) for d in window_dilations)]
    return x.reshape(out_shape + [-1])


# --- recognized region bodies -------------------------------------------------------------------------------

def body_kind(block, n=1):
    """The op name of a body `return op(arg0, arg1)` (either order; for n=1), or 'replace' for a body that
    returns its second argument; None otherwise."""
    args = [a["id"] for a in block["arguments"]]
    ops = block["ops"]
    if n != 1 or len(args) != 2:
        return None
    if len(ops) == 1 and ops[0]["name"] == "stablehlo.return" and ops[0]["operands"] == [args[1]]:
        return "replace"
    if len(ops) != 2 or ops[1]["name"] != "stablehlo.return":
        return None
    op = ops[0]
    if sorted(op["operands"]) != sorted(args) or ops[1]["operands"] != [op["results"][0]["id"]]:
        return None
    name = op["name"]
    if name in ("stablehlo.add", "stablehlo.multiply", "stablehlo.maximum", "stablehlo.minimum",
                "stablehlo.and", "stablehlo.or", "stablehlo.xor"):
        return name
    return None


def native_reduce(kind, x):
    """Reduces the last dimension of x (non-empty) with torch's reduction for `kind`, or None."""
    if x.dtype == torch.bool:
        if kind in ("stablehlo.add", "stablehlo.or", "stablehlo.maximum"):
            return torch.any(x, dim=-1)
        if kind in ("stablehlo.multiply", "stablehlo.and", "stablehlo.minimum"):
            return torch.all(x, dim=-1)
        return None
    if kind == "stablehlo.add":
        return torch.sum(x, dim=-1, dtype=x.dtype)
    if kind == "stablehlo.multiply":
        return torch.prod(x, dim=-1, dtype=x.dtype)
    if x.dtype in COMPLEX_DTYPES:
        return None
    if kind == "stablehlo.maximum":
        return torch.amax(x, dim=-1)
    if kind == "stablehlo.minimum":
        return torch.amin(x, dim=-1)
    return None


# --- the interpreter ------------------------------------------------------------------------------------------

class Interpreter:
    def __init__(self, request):
        self.request = request
        self.functions = {f["name"]: f for f in request.ir["functions"]}
        self.infeed = list(request.infeed)
        self.infeed_types = list(request.infeed_types)
        self.rng = torch.Generator().manual_seed(0)

    # functions and blocks
    def call(self, name, args):
        name = name.lstrip("@")
        if name not in self.functions:
            raise ValueError(f"no function @{name}")
        function = self.functions[name]
        return self.run_block(function["blocks"][0], args, {})

    def run_block(self, block, args, env):
        if len(args) != len(block["arguments"]):
            raise ValueError(f"block takes {len(block['arguments'])} arguments, got {len(args)}")
        for argument, value in zip(block["arguments"], args):
            env[argument["id"]] = value
        for op in block["ops"]:
            if op["name"] in ("func.return", "stablehlo.return"):
                return [env[i] for i in op["operands"]]
            ins = [env[i] for i in op["operands"]]
            outs = self.execute(op, ins, env)
            if len(outs) != len(op["results"]):
                raise ValueError(f"{op['name']}: produced {len(outs)} results, expected {len(op['results'])}")
            for result, value in zip(op["results"], outs):
                env[result["id"]] = value
        raise ValueError("block without a return")

    def region(self, op, index, args, env):
        return self.run_block(op["regions"][index]["blocks"][0], args, env)

    def body_fn(self, op, index, env):
        block = op["regions"][index]["blocks"][0]
        for inner in block["ops"]:
            if inner["name"] not in ELEMENTWISE:
                raise Unsupported(f"{op['name']} with a body that uses {inner['name']}")
        return lambda *args: self.run_block(block, list(args), env)

    def execute(self, op, ins, env):
        name = op["name"]
        if name not in QUANT_OPS and (any(isinstance(x, torch.Tensor) and x.is_quantized for x in ins)
                                      or any(quant_type(r) for r in op["results"])):
            raise Unsupported(f"{name} on quantized tensors (the torch adapter runs uniform_quantize, "
                              "uniform_dequantize and bitcast_convert of quantized types only)")
        if name in UNARY:
            return [UNARY[name](ins[0])]
        if name in BINARY:
            return [BINARY[name](ins[0], ins[1])]
        if name in CHLO_BROADCAST:
            applied = CHLO_BROADCAST[name]
            ins = chlo_broadcast_operands(op, ins)
            if applied in BINARY:
                return [BINARY[applied](ins[0], ins[1])]
            return getattr(self, "op_" + applied.replace("stablehlo.", ""))(op, ins, env)
        method = getattr(self, "op_" + name.replace("stablehlo.", "").replace("chlo.", "chlo_").replace("func.", "func_"), None)
        if method is None:
            raise Unsupported(f"{name} is not supported by the torch adapter")
        return method(op, ins, env)

    # control flow and structure
    def op_func_call(self, op, ins, env):
        return self.call(attr(op, "callee"), ins)

    def op_composite(self, op, ins, env):
        return self.call(attr(op, "decomposition"), ins)

    def op_while(self, op, ins, env):
        values = list(ins)
        while True:
            condition = self.region(op, 0, values, env)[0]
            if not bool(condition.reshape(())):
                return values
            values = self.region(op, 1, values, env)

    def op_if(self, op, ins, env):
        return self.region(op, 0 if bool(ins[0].reshape(())) else 1, [], env)

    def op_case(self, op, ins, env):
        n = len(op["regions"])
        index = int(ins[0].reshape(()))
        if index < 0 or index >= n:
            index = n - 1
        return self.region(op, index, [], env)

    def op_tuple(self, op, ins, env):
        return [tuple(ins)]

    def op_get_tuple_element(self, op, ins, env):
        return [ins[0][attr(op, "index")]]

    def op_optimization_barrier(self, op, ins, env):
        return list(ins)

    def op_after_all(self, op, ins, env):
        return [TOKEN]

    def op_create_token(self, op, ins, env):
        return [TOKEN]

    def op_infeed(self, op, ins, env):
        if not self.infeed:
            raise ValueError("infeed: the queue is empty")
        entry = self.infeed.pop(0)
        types = self.infeed_types.pop(0)
        values = [from_numpy(a, H.element_type_of(t)) for a, t in zip(entry, types)]
        return values + [TOKEN]

    def op_outfeed(self, op, ins, env):
        return [TOKEN]

    def op_send(self, op, ins, env):
        return [TOKEN]

    def op_recv(self, op, ins, env):
        if len(op["results"]) > 1:
            raise Unsupported("recv of data: no channel peer in a single torch process")
        return [TOKEN]

    # single-process collectives: a group of one process
    def single_process(self, op):
        if self.request.num_replicas * self.request.num_partitions != 1:
            raise Unsupported("multi-process programs")

    def op_replica_id(self, op, ins, env):
        self.single_process(op)
        return [torch.zeros((), dtype=result_dtype(op))]

    op_partition_id = op_replica_id

    def op_all_reduce(self, op, ins, env):
        self.single_process(op)
        # One process: the result is the operand, converted to the computation's type (is_promotable).
        return [self.widen(x, result_dtype(op, k), "all_reduce").clone() for k, x in enumerate(ins)]

    def op_all_gather(self, op, ins, env):
        self.single_process(op)
        return [x.clone() for x in ins]

    op_all_to_all = op_all_gather
    op_collective_broadcast = op_all_gather
    op_collective_permute = op_all_gather
    op_reduce_scatter = op_all_reduce

    # elementwise ops with attributes
    def op_constant(self, op, ins, env):
        return [constant(op["attributes"]["value"])]

    def op_compare(self, op, ins, env):
        a, b = ins
        compare_type = attr(op, "compare_type")
        if compare_type is None:
            compare_type = "FLOAT" if a.dtype in FLOAT_DTYPES + COMPLEX_DTYPES else (
                "UNSIGNED" if a.dtype in (torch.uint8, torch.bool) else "SIGNED")
        return [compare(a, b, attr(op, "comparison_direction"), compare_type)]

    def op_select(self, op, ins, env):
        return [torch.where(ins[0], ins[1], ins[2])]

    def op_clamp(self, op, ins, env):
        lo, x, hi = ins
        need(x.dtype not in COMPLEX_DTYPES, "clamp on complex")
        return [torch.clamp(x, min=lo, max=hi)]

    def op_convert(self, op, ins, env):
        return [convert(ins[0], result_dtype(op))]

    def op_bitcast_convert(self, op, ins, env):
        x = ins[0]
        q = quant_type(op["results"][0])
        if x.is_quantized:
            x = x.int_repr()
        if q is not None:
            need(x.dtype == q.storage, f"bitcast_convert from {x.dtype} to a quantized type stored as {q.storage}")
            return [q.from_storage(x)]
        return [bitcast_convert(x, result_dtype(op), result_shape(op))]

    def op_uniform_quantize(self, op, ins, env):
        q = quant_type(op["results"][0])
        need(q is not None, "uniform_quantize to a non-quantized type")
        x = ins[0]
        if x.is_quantized:  # requantize: dequantize, then quantize again
            x = x.dequantize()
        return [q.quantize(x)]

    def op_uniform_dequantize(self, op, ins, env):
        need(ins[0].is_quantized, "uniform_dequantize of a non-quantized tensor")
        out = ins[0].dequantize()
        return [convert(out, result_dtype(op))]

    def op_reduce_precision(self, op, ins, env):
        return [op_reduce_precision(ins[0], attr(op, "exponent_bits"), attr(op, "mantissa_bits"))]

    def op_map(self, op, ins, env):
        fn = self.body_fn(op, 0, env)
        shape = result_shape(op)
        return [full(v, shape) if v.shape != torch.Size(shape) else v for v in fn(*ins)]

    # shapes
    def op_broadcast_in_dim(self, op, ins, env):
        return [broadcast_in_dim(ins[0], attr(op, "broadcast_dimensions"), result_shape(op))]

    def op_dynamic_broadcast_in_dim(self, op, ins, env):
        return [broadcast_in_dim(ins[0], attr(op, "broadcast_dimensions"), result_shape(op))]

    def op_reshape(self, op, ins, env):
        return [ins[0].reshape(result_shape(op)).clone()]

    op_dynamic_reshape = op_reshape

    def op_transpose(self, op, ins, env):
        perm = attr(op, "permutation")
        return [ins[0].permute(perm).contiguous() if perm else ins[0].clone()]

    def op_slice(self, op, ins, env):
        x = ins[0]
        index = tuple(slice(s, l, t) for s, l, t in zip(attr(op, "start_indices"), attr(op, "limit_indices"),
                                                          attr(op, "strides")))
        return [x[index].clone() if index else x.clone()]

    def op_pad(self, op, ins, env):
        return [pad(ins[0], ins[1], attr(op, "edge_padding_low"), attr(op, "edge_padding_high"),
                    attr(op, "interior_padding"))]

    def op_dynamic_pad(self, op, ins, env):
        lo, hi, interior = (t.to(torch.int64).tolist() for t in ins[2:5])
        return [pad(ins[0], ins[1], lo, hi, interior)]

    def op_concatenate(self, op, ins, env):
        return [torch.cat(ins, dim=attr(op, "dimension"))]

    def op_reverse(self, op, ins, env):
        dims = attr(op, "dimensions")
        return [torch.flip(ins[0], dims) if dims else ins[0].clone()]

    def op_iota(self, op, ins, env):
        shape = result_shape(op)
        dim = attr(op, "iota_dimension")
        dt = result_dtype(op)
        values = convert(torch.arange(shape[dim], dtype=torch.int64), dt)
        view = [1] * len(shape)
        view[dim] = shape[dim]
        return [values.reshape(view).expand(shape).clone()]

    op_dynamic_iota = op_iota

    def op_get_dimension_size(self, op, ins, env):
        return [torch.tensor(ins[0].shape[attr(op, "dimension")], dtype=result_dtype(op))]

    def start_indices(self, indices, operand_shape, sizes):
        return [min(max(int(i.reshape(())), 0), d - s) for i, d, s in zip(indices, operand_shape, sizes)]

    def op_dynamic_slice(self, op, ins, env):
        x = ins[0]
        sizes = attr(op, "slice_sizes")
        starts = self.start_indices(ins[1:], x.shape, sizes)
        return [x[tuple(slice(s, s + n) for s, n in zip(starts, sizes))].clone()]

    def op_dynamic_update_slice(self, op, ins, env):
        x, update = ins[0], ins[1]
        starts = self.start_indices(ins[2:], x.shape, update.shape)
        result = x.clone()
        if result.dim() == 0:
            return [update.clone()]
        result[tuple(slice(s, s + n) for s, n in zip(starts, update.shape))] = update
        return [result]

    # linear algebra
    def widen(self, x, dt, what):
        if x.dtype == dt:
            return x
        exact = (x.dtype in INT_DTYPES and dt in INT_DTYPES and BITS[dt] > BITS[x.dtype]
                 and not (x.dtype == torch.uint8 and dt == torch.int8)) or \
                (x.dtype in (torch.float16, torch.bfloat16) and dt in (torch.float32, torch.float64)) or \
                (x.dtype == torch.float32 and dt == torch.float64)
        need(exact, f"{what} from {x.dtype} to {dt}: torch has no mixed-precision kernel")
        return x.to(dt)

    def op_dot_general(self, op, ins, env):
        lhs, rhs = ins
        dn = attr(op, "dot_dimension_numbers")
        algorithm = attr(op, "algorithm")
        if algorithm is not None and lhs.dtype not in INT_DTYPES:
            # torch's CPU matmul computes in the operand dtype: only an algorithm that says so is expressible.
            need(DTYPES.get(algorithm.get("lhs_precision_type")) == lhs.dtype
                 and DTYPES.get(algorithm.get("rhs_precision_type")) == rhs.dtype
                 and algorithm.get("lhs_component_count", 1) == 1 and algorithm.get("rhs_component_count", 1) == 1,
                 f"dot_general algorithm {op['attributes']['algorithm']['text']}: torch has no such precision")
        out = self.dot(lhs, rhs, dn["lhs_batching_dimensions"], dn["rhs_batching_dimensions"],
                       dn["lhs_contracting_dimensions"], dn["rhs_contracting_dimensions"], result_dtype(op), "dot_general")
        return [out.reshape(result_shape(op))]

    def dot(self, lhs, rhs, lb, rb, lc, rc, dt, what):
        """dot_general's sums through torch.matmul: the result's dimensions are [batching..., lhs free...,
        rhs free...]."""
        lhs, rhs = self.widen(lhs, dt, what), self.widen(rhs, dt, what)
        lf = [d for d in range(lhs.dim()) if d not in lb and d not in lc]
        rf = [d for d in range(rhs.dim()) if d not in rb and d not in rc]
        shape = [lhs.shape[d] for d in lb] + [lhs.shape[d] for d in lf] + [rhs.shape[d] for d in rf]
        B = int(np.prod([lhs.shape[d] for d in lb])) if lb else 1
        M = int(np.prod([lhs.shape[d] for d in lf])) if lf else 1
        K = int(np.prod([lhs.shape[d] for d in lc])) if lc else 1
        N = int(np.prod([rhs.shape[d] for d in rf])) if rf else 1
        L = lhs.permute(list(lb) + lf + list(lc)).reshape(B, M, K)
        R = rhs.permute(list(rb) + list(rc) + rf).reshape(B, K, N)
        return torch.matmul(L, R).reshape(shape)

    # chlo's structural ops (issue 20): torch.topk, torch.full, and compositions of torch ops where torch
    # has no one op (mulhi, ragged_dot, scan).
    def op_chlo_constant(self, op, ins, env):
        return self.op_constant(op, ins, env)

    def op_chlo_constant_like(self, op, ins, env):
        entry = op["attributes"]["value"]
        dt = result_dtype(op)
        if "hex" in entry:  # a dense splat
            return [constant(entry).to(dt).expand(result_shape(op)).clone()]
        need(entry.get("kind") in ("float", "integer", "bool"), f"constant_like with a {entry.get('kind')} value")
        value = entry["value"]
        if isinstance(value, str):
            value = float(value)  # "nan", "inf", "-inf"
        return [torch.full(result_shape(op), value, dtype=dt)]

    def op_chlo_mulhi(self, op, ins, env):
        return [mulhi(ins[0], ins[1])]

    def op_chlo_top_k(self, op, ins, env):
        """torch.topk along the last dimension, largest first and sorted (chlo.md); torch promises no order
        among equal values, which chlo.md's ties-by-index rule needs: a FAIL there is torch's."""
        x = ins[0]
        k = int(attr(op, "k"))
        need(x.dtype not in COMPLEX_DTYPES and x.dtype != torch.bool, f"top_k on {x.dtype}")
        values, indices = torch.topk(x, k, dim=-1, largest=True, sorted=True)
        return [values, indices.to(result_dtype(op, 1))]

    def op_chlo_ragged_dot(self, op, ins, env):
        """ragged_dot (chlo.md) with a group_sizes of shape [g]: each group is a run of consecutive positions
        along the lhs ragged dimension, so every group is one torch.matmul on slices (narrow), never a masked
        product (a 0 * inf in a masked-out row would give NaN where the op gives 0)."""
        lhs, rhs, group_sizes = ins
        dn = attr(op, "ragged_dot_dimension_numbers")
        lb, rb = dn["lhs_batching_dimensions"], dn["rhs_batching_dimensions"]
        lc, rc = dn["lhs_contracting_dimensions"], dn["rhs_contracting_dimensions"]
        ragged, group_dims = dn["lhs_ragged_dimensions"], dn["rhs_group_dimensions"]
        need(group_sizes.dim() == 1, "ragged_dot with a group_sizes of rank > 1 (the adapter maps the [g] form)")
        need(len(ragged) == 1, "ragged_dot without exactly one lhs ragged dimension")
        ragged = ragged[0]
        sizes = [int(v) for v in group_sizes.tolist()]
        if any(v < 0 for v in sizes):
            raise ValueError(f"group_sizes has a negative entry: {sizes}")
        dt, extent = result_dtype(op), lhs.shape[ragged]
        runs, start = [], 0
        for size in sizes:  # (start, length) of each group, clipped to the dimension
            begin = min(start, extent)
            runs.append((begin, min(start + size, extent) - begin))
            start += size
        out = torch.zeros(result_shape(op), dtype=dt)
        if ragged in lc:  # mode 2: one result slice per group, over that group's contracting positions
            paired = rc[lc.index(ragged)]
            for g, (begin, length) in enumerate(runs):
                out[g] = self.dot(lhs.narrow(ragged, begin, length), rhs.narrow(paired, begin, length),
                                  lb, rb, lc, rc, dt, "ragged_dot")
            return [out]
        lf = [d for d in range(lhs.dim()) if d not in lb and d not in lc]
        if ragged in lb:  # mode 3: dot_general, zeros beyond the last group
            at = lb.index(ragged)
            end = sum(length for _, length in runs)
            out.narrow(at, 0, end).copy_(self.dot(lhs.narrow(ragged, 0, end), rhs.narrow(rb[at], 0, end),
                                                  lb, rb, lc, rc, dt, "ragged_dot"))
            return [out]
        need(len(group_dims) == 1, "ragged_dot mode 1 without one rhs group dimension")
        at = len(lb) + lf.index(ragged)  # mode 1: each group's lhs rows against its rhs slice
        group = group_dims[0]
        rb1, rc1 = [d - (d > group) for d in rb], [d - (d > group) for d in rc]  # rhs without its group dimension
        for g, (begin, length) in enumerate(runs):
            part = self.dot(lhs.narrow(ragged, begin, length), rhs.select(group, g), lb, rb1, lc, rc1, dt, "ragged_dot")
            out.narrow(at, begin, length).copy_(part)
        return [out]

    def op_chlo_scan(self, op, ins, env):
        """scan (chlo.md): the body runs once per position along `dimension` (reversed with is_reverse) on that
        slice of each input and the carries, giving that slice of each output and the next carries."""
        segments = attr(op, "operandSegmentSizes")
        need(segments is not None and len(segments) == 2, "scan without operandSegmentSizes")
        inputs, carries = ins[:segments[0]], list(ins[segments[0]:])
        dimension = int(attr(op, "dimension"))
        n_out = len(op["results"]) - len(carries)
        steps = inputs[0].shape[dimension] if inputs else (
            result_shape(op, 0)[dimension] if n_out else int(attr(op, "scan_dim_size")))
        order = range(steps - 1, -1, -1) if attr(op, "is_reverse", False) else range(steps)
        slices = [[None] * steps for _ in range(n_out)]
        for i in order:
            results = self.region(op, 0, [x.select(dimension, i) for x in inputs] + carries, env)
            for j in range(n_out):
                slices[j][i] = results[j]
            carries = results[n_out:]
        outputs = [torch.stack(s, dim=dimension) if steps else torch.zeros(result_shape(op, j), dtype=result_dtype(op, j))
                   for j, s in enumerate(slices)]
        return outputs + carries

    def conv(self, op, lhs, rhs, padding_flat):
        dn = attr(op, "dimension_numbers")
        dt = result_dtype(op)
        lhs, rhs = self.widen(lhs, dt, "convolution"), self.widen(rhs, dt, "convolution")
        nsp = len(dn["input_spatial_dimensions"])
        need(nsp <= 3, f"convolution with {nsp} spatial dimensions (torch has conv1d/2d/3d)")
        x = lhs.permute([dn["input_batch_dimension"], dn["input_feature_dimension"]] + dn["input_spatial_dimensions"])
        w = rhs.permute([dn["kernel_output_feature_dimension"], dn["kernel_input_feature_dimension"]]
                        + dn["kernel_spatial_dimensions"])
        strides = attr(op, "window_strides") or [1] * nsp
        lhs_dil = attr(op, "lhs_dilation") or [1] * nsp
        rhs_dil = attr(op, "rhs_dilation") or [1] * nsp
        reversal = attr(op, "window_reversal") or [False] * nsp
        lo, hi = pairs(padding_flat, nsp)
        flip = [2 + i for i, r in enumerate(reversal) if r]
        if flip:
            w = torch.flip(w, flip)
        zero = torch.zeros((), dtype=x.dtype)
        x = pad(x, zero, [0, 0] + lo, [0, 0] + hi, [0, 0] + [d - 1 for d in lhs_dil])
        groups = attr(op, "feature_group_count", 1)
        bgc = attr(op, "batch_group_count", 1)
        if bgc > 1:
            need(groups == 1, "convolution with both group counts above 1")
            n, c = x.shape[0], x.shape[1]
            x = x.reshape([bgc, n // bgc, c] + list(x.shape[2:])).transpose(0, 1).reshape(
                [n // bgc, bgc * c] + list(x.shape[2:]))
            groups = bgc
        if x.dtype in INT_DTYPES and any(d > 1 for d in rhs_dil):
            # torch has no dilated integer convolution: spread the kernel with zeros (exact for integers).
            w = pad(w, torch.zeros((), dtype=w.dtype), [0] * w.dim(), [0] * w.dim(), [0, 0] + [d - 1 for d in rhs_dil])
            rhs_dil = [1] * nsp
        if nsp == 0:
            x, w = x.unsqueeze(-1), w.unsqueeze(-1)
            strides, rhs_dil = [1], [1]
        fn = {0: F.conv1d, 1: F.conv1d, 2: F.conv2d, 3: F.conv3d}[nsp]
        if any(s == 0 for s in result_shape(op)) or x.numel() == 0 or w.numel() == 0:
            # an empty result, or every output element is an empty sum (a size-0 kernel window, no input
            # features, or an input padded to nothing): zeros, nothing to compute
            return [torch.zeros(result_shape(op), dtype=dt)]
        need(x.dtype != torch.float16, f"torch {torch.__version__} CPU has no float16 convolution kernel")
        out = fn(x.contiguous(), w.contiguous(), stride=strides, dilation=rhs_dil, groups=groups)
        if nsp == 0:
            out = out.squeeze(-1)
        order = [0] * (2 + nsp)
        order[dn["output_batch_dimension"]] = 0
        order[dn["output_feature_dimension"]] = 1
        for i, d in enumerate(dn["output_spatial_dimensions"]):
            order[d] = 2 + i
        return [out.permute(order).contiguous()]

    def op_convolution(self, op, ins, env):
        return self.conv(op, ins[0], ins[1], attr(op, "padding"))

    def op_dynamic_conv(self, op, ins, env):
        return self.conv(op, ins[0], ins[1], ins[2].to(torch.int64).reshape(-1).tolist())

    def op_cholesky(self, op, ins, env):
        a = ins[0]
        lower = bool(attr(op, "lower", False))
        result, _info = torch.linalg.cholesky_ex(a, upper=not lower)
        return [result]

    def op_triangular_solve(self, op, ins, env):
        a, b = ins
        lower = bool(attr(op, "lower"))
        transpose = attr(op, "transpose_a", "NO_TRANSPOSE")
        if transpose == "TRANSPOSE":
            a, lower = a.transpose(-1, -2), not lower
        elif transpose == "ADJOINT":
            a, lower = a.transpose(-1, -2).conj().resolve_conj(), not lower
        x = torch.linalg.solve_triangular(a.contiguous(), b, upper=not lower, left=bool(attr(op, "left_side")),
                                          unitriangular=bool(attr(op, "unit_diagonal")))
        return [x]

    def op_fft(self, op, ins, env):
        x = ins[0]
        lengths = list(attr(op, "fft_length"))
        dims = list(range(x.dim() - len(lengths), x.dim()))
        kind = attr(op, "fft_type")
        if x.numel() == 0 or 0 in lengths or any(s == 0 for s in result_shape(op)):
            return [torch.zeros(result_shape(op), dtype=result_dtype(op))]  # nothing to transform
        if kind == "FFT":
            out = torch.fft.fftn(x, dim=dims)
        elif kind == "IFFT":
            out = torch.fft.ifftn(x, dim=dims)
        elif kind == "RFFT":
            out = torch.fft.rfftn(x, s=lengths, dim=dims)
        elif kind == "IRFFT":
            out = torch.fft.irfftn(x, s=lengths, dim=dims)
        else:
            raise Unsupported(f"fft_type {kind}")
        return [out.to(result_dtype(op))]

    def op_batch_norm_inference(self, op, ins, env):
        x, scale, offset, mean, variance = ins
        need(x.dtype in FLOAT_DTYPES, "batch_norm on non-float")
        f = attr(op, "feature_index")
        xm = x.movedim(f, 0).unsqueeze(0)  # [1, C, ...]: F.batch_norm needs a batch dimension
        if x.shape[f] == 0:  # no features (F.batch_norm refuses C = 0)
            return [x.clone()] + ([mean, variance] if op["name"].endswith("training") else [])
        out = F.batch_norm(xm, mean, variance, weight=scale, bias=offset, training=False, eps=float(attr(op, "epsilon")))
        return [out.squeeze(0).movedim(0, f).contiguous()]

    def op_batch_norm_training(self, op, ins, env):
        x, scale, offset = ins
        need(x.dtype in FLOAT_DTYPES, "batch_norm on non-float")
        f = attr(op, "feature_index")
        dims = [d for d in range(x.dim()) if d != f]
        if dims:
            variance, mean = torch.var_mean(x, dim=dims, unbiased=False)
        else:  # one element per feature (torch reads dim=[] as "every dimension"): the mean is the element,
            mean = x.clone()  # the variance (x - mean)^2 (NaN for an infinite or NaN element)
            variance = (x - mean) * (x - mean)
        xm = x.movedim(f, 0).unsqueeze(0)  # [1, C, ...]: F.batch_norm needs a batch dimension
        if x.shape[f] == 0:  # no features (F.batch_norm refuses C = 0)
            return [x.clone()] + ([mean, variance] if op["name"].endswith("training") else [])
        out = F.batch_norm(xm, mean, variance, weight=scale, bias=offset, training=False,
                           eps=float(attr(op, "epsilon")))
        return [out.squeeze(0).movedim(0, f).contiguous(), mean, variance]

    def op_batch_norm_grad(self, op, ins, env):
        x, scale, mean, variance, grad_output = ins
        need(x.dtype in FLOAT_DTYPES, "batch_norm on non-float")
        f = attr(op, "feature_index")
        eps = float(attr(op, "epsilon"))
        dims = [d for d in range(x.dim()) if d != f]
        shape = [1] * x.dim()
        shape[f] = x.shape[f]
        count = int(np.prod([x.shape[d] for d in dims])) if dims else 1
        # The spec's decomposition (batch_norm_grad), in torch ops in the operand's dtype.
        centered = x - mean.reshape(shape)
        stddev = torch.sqrt(variance.reshape(shape) + eps)
        normalized = centered / stddev
        elements_per_feature = torch.tensor(count, dtype=x.dtype)
        i1 = grad_output * elements_per_feature
        def sum_over(t, keepdim):  # torch.sum reads dim=[] as "every dimension"
            return torch.sum(t, dim=dims, keepdim=keepdim) if dims else t
        i2 = sum_over(grad_output, True)
        i3 = sum_over(grad_output * centered, True)
        i5 = (i3 * centered) / (variance.reshape(shape) + eps)
        i6 = (i1 - i2) - i5
        grad_operand = ((scale.reshape(shape) / stddev) / elements_per_feature) * i6
        grad_scale = sum_over(grad_output * normalized, False)
        grad_offset = sum_over(grad_output, False)
        return [grad_operand, grad_scale, grad_offset]

    # reductions
    def fold(self, op, region_index, env, values, inits):
        """Folds the last dimension of each of `values` into `inits` (broadcast) with the body, one element at a
        time, on whole tensors. Returns the results."""
        fn = self.body_fn(op, region_index, env)
        k = values[0].shape[-1]
        need(k <= GENERIC_LIMIT, "the reduction is too large for the generic body path")
        accs = [full(i, list(values[0].shape[:-1])) for i in inits]
        for j in range(k):
            accs = fn(*(accs + [v[..., j] for v in values]))
        out_shape = list(values[0].shape[:-1])
        return [a if list(a.shape) == out_shape else full(a.reshape(()), out_shape) for a in accs]

    def reduce_last(self, op, region_index, env, values, inits):
        n = len(values)
        block = op["regions"][region_index]["blocks"][0]
        kind = body_kind(block, n)
        if kind not in (None, "replace") and values[0].shape[-1] > 0:
            reduced = native_reduce(kind, values[0])
            if reduced is not None:
                return [BINARY[kind](inits[0], reduced)]
        if values[0].shape[-1] == 0:
            return [full(i, list(values[0].shape[:-1])) for i in inits]
        return self.fold(op, region_index, env, values, inits)

    def promote(self, op, tensors):
        """The inputs of a reduction whose results (and body) have a wider element type than its inputs, widened
        exactly to the result types first (the spec's promotable reductions)."""
        return [self.widen(t, result_dtype(op, k), op["name"][len("stablehlo."):]) for k, t in enumerate(tensors)]

    def op_reduce(self, op, ins, env):
        n = len(ins) // 2
        values, inits = self.promote(op, ins[:n]), self.promote(op, ins[n:])
        dims = list(attr(op, "dimensions"))
        keep = [d for d in range(values[0].dim()) if d not in dims]
        out_shape = [values[0].shape[d] for d in keep]
        k = int(np.prod([values[0].shape[d] for d in dims])) if dims else 1
        moved = [(v.permute(keep + dims) if v.dim() else v).reshape(out_shape + [k]) for v in values]
        return self.reduce_last(op, 0, env, moved, inits)

    def op_reduce_window(self, op, ins, env):
        n = len(ins) // 2
        values, inits = self.promote(op, ins[:n]), self.promote(op, ins[n:])
        rank = values[0].dim()
        window = attr(op, "window_dimensions")
        strides = attr(op, "window_strides") or [1] * rank
        base = attr(op, "base_dilations") or [1] * rank
        wdil = attr(op, "window_dilations") or [1] * rank
        lo, hi = pairs(attr(op, "padding"), rank)
        padded = [pad(v, i, lo, hi, [b - 1 for b in base]) for v, i in zip(values, inits)]
        wins = [windows(p, window, strides, wdil) for p in padded]
        out = self.reduce_last(op, 0, env, wins, inits)
        shape = result_shape(op)
        return [o.reshape(shape) for o in out]

    def op_select_and_scatter(self, op, ins, env):
        operand, source, init = ins
        rank = operand.dim()
        window = attr(op, "window_dimensions") or [1] * rank
        strides = attr(op, "window_strides") or [1] * rank
        lo, hi = pairs(attr(op, "padding"), rank)
        zeros = [0] * rank
        vals = windows(pad(operand, torch.zeros((), dtype=operand.dtype), lo, hi, zeros), window, strides, [1] * rank)
        valid = windows(pad(torch.ones(operand.shape, dtype=torch.bool), torch.tensor(False), lo, hi, zeros),
                        window, strides, [1] * rank)
        index = windows(pad(torch.arange(operand.numel(), dtype=torch.int64).reshape(operand.shape),
                            torch.tensor(-1), lo, hi, zeros), window, strides, [1] * rank)
        select = self.body_fn(op, 0, env)
        k = vals.shape[-1]
        need(k <= GENERIC_LIMIT, "select_and_scatter window too large")
        cur_val, cur_idx, cur_valid = vals[..., 0], index[..., 0], valid[..., 0]
        for j in range(1, k):
            cand_val, cand_idx, cand_valid = vals[..., j], index[..., j], valid[..., j]
            keep = select(cur_val, cand_val)[0]
            take = cand_valid & (~cur_valid | ~keep)
            cur_val = torch.where(take, cand_val, cur_val)
            cur_idx = torch.where(take, cand_idx, cur_idx)
            cur_valid = cur_valid | cand_valid
        src = source.reshape(-1)
        idx = cur_idx.reshape(-1)
        ok = cur_valid.reshape(-1)
        src, idx = src[ok], idx[ok]
        dt = result_dtype(op)  # the scatter body may accumulate in a wider type than the operand's
        src, init = self.widen(src, dt, "select_and_scatter"), self.widen(init, dt, "select_and_scatter")
        result = full(init, list(operand.shape)).reshape(-1)
        kind = body_kind(op["regions"][1]["blocks"][0])
        self.scatter_flat(op, 1, env, [result], idx, [src], kind)
        return [result.reshape(operand.shape)]

    def scatter_flat(self, op, region_index, env, results, flat_idx, updates, kind):
        """results[k].reshape(-1)[flat_idx[i]] = body(results..., updates...[i]) for each i, in place."""
        n = len(results)
        if n == 1 and kind is not None and results[0].dtype != torch.bool:
            r, u = results[0], updates[0]
            if kind == "replace":
                r.index_put_((flat_idx,), u)
                return
            if kind == "stablehlo.add":
                r.index_put_((flat_idx,), u, accumulate=True)
                return
            reduce = {"stablehlo.multiply": "prod", "stablehlo.maximum": "amax", "stablehlo.minimum": "amin"}.get(kind)
            if reduce is not None and r.dtype not in COMPLEX_DTYPES:
                r.scatter_reduce_(0, flat_idx, u, reduce=reduce, include_self=True)
                return
        fn = self.body_fn(op, region_index, env)
        need(flat_idx.numel() <= GENERIC_LIMIT // 10, "too many updates for the generic body path")
        for i, position in enumerate(flat_idx.tolist()):
            out = fn(*([r[position] for r in results] + [u[i] for u in updates]))
            for r, o in zip(results, out):
                r[position] = o

    def op_gather(self, op, ins, env, slice_sizes=None):
        operand, indices = ins[0], ins[1]
        dn = attr(op, "dimension_numbers")
        sizes = slice_sizes if slice_sizes is not None else attr(op, "slice_sizes")
        shape = result_shape(op)
        offset_dims = dn["offset_dims"]
        collapsed = dn["collapsed_slice_dims"]
        operand_batching = dn.get("operand_batching_dims", [])
        indices_batching = dn.get("start_indices_batching_dims", [])
        start_map = dn["start_index_map"]
        ivd = dn["index_vector_dim"]
        grids = torch.meshgrid(*[torch.arange(s, dtype=torch.int64) for s in shape], indexing="ij") if shape else []
        batch_dims = [d for d in range(len(shape)) if d not in offset_dims]
        idx = indices.to(torch.int64)
        moved = idx.movedim(ivd, -1) if ivd < idx.dim() else idx.unsqueeze(-1)
        if batch_dims:
            starts = moved[tuple(grids[d] for d in batch_dims)]
        else:
            starts = moved.reshape(-1).expand(shape + [moved.shape[-1]])
        full_index = [torch.zeros(shape, dtype=torch.int64) for _ in range(operand.dim())]
        for k, d in enumerate(start_map):
            full_index[d] = full_index[d] + torch.clamp(starts[..., k], 0, operand.shape[d] - sizes[d])
        for d_operand, d_start in zip(operand_batching, indices_batching):
            full_index[d_operand] = full_index[d_operand] + grids[batch_dims[d_start - (0 if d_start < ivd else 1)]]
        offset_operand_dims = [d for d in range(operand.dim()) if d not in collapsed and d not in operand_batching]
        for k, d in enumerate(offset_operand_dims):
            full_index[d] = full_index[d] + grids[offset_dims[k]]
        if operand.dim() == 0:
            return [full(operand, shape)]
        return [operand[tuple(full_index)].reshape(shape).clone()]

    def op_dynamic_gather(self, op, ins, env):
        return self.op_gather(op, ins[:2], env, slice_sizes=ins[2].to(torch.int64).tolist())

    def op_scatter(self, op, ins, env):
        n = (len(ins) - 1) // 2
        inputs, indices, updates = ins[:n], ins[n], ins[n + 1:]
        dn = attr(op, "scatter_dimension_numbers")
        window_dims = dn["update_window_dims"]
        inserted = dn["inserted_window_dims"]
        input_batching = dn.get("input_batching_dims", [])
        indices_batching = dn.get("scatter_indices_batching_dims", [])
        to_operand = dn["scatter_dims_to_operand_dims"]
        ivd = dn["index_vector_dim"]
        ushape = list(updates[0].shape)
        rank = inputs[0].dim()
        grids = torch.meshgrid(*[torch.arange(s, dtype=torch.int64) for s in ushape], indexing="ij") if ushape else []
        scatter_dims = [d for d in range(len(ushape)) if d not in window_dims]
        idx = indices.to(torch.int64)
        moved = idx.movedim(ivd, -1) if ivd < idx.dim() else idx.unsqueeze(-1)
        if scatter_dims:
            starts = moved[tuple(grids[d] for d in scatter_dims)]
        else:
            starts = moved.reshape(-1).expand(ushape + [moved.shape[-1]])
        full_index = [torch.zeros(ushape, dtype=torch.int64) for _ in range(rank)]
        for k, d in enumerate(to_operand):
            full_index[d] = full_index[d] + starts[..., k]
        for d_input, d_start in zip(input_batching, indices_batching):
            full_index[d_input] = full_index[d_input] + grids[scatter_dims[d_start - (0 if d_start < ivd else 1)]]
        window_operand_dims = [d for d in range(rank) if d not in inserted and d not in input_batching]
        for k, d in enumerate(window_operand_dims):
            full_index[d] = full_index[d] + grids[window_dims[k]]
        in_bounds = torch.ones(ushape, dtype=torch.bool)
        flat = torch.zeros(ushape, dtype=torch.int64)
        for d in range(rank):
            in_bounds &= (full_index[d] >= 0) & (full_index[d] < inputs[0].shape[d])
            flat = flat * inputs[0].shape[d] + full_index[d]
        flat = flat[in_bounds]
        # The update computation may work in a wider type than the inputs' (is_promotable, C23): the
        # results have its type, and inputs and updates are converted to it first.
        dts = [result_dtype(op, k) for k in range(n)]
        results = [self.widen(x, dt, "scatter").clone().reshape(-1) for x, dt in zip(inputs, dts)]
        updates = [self.widen(u, dt, "scatter") for u, dt in zip(updates, dts)]
        kind = body_kind(op["regions"][0]["blocks"][0], n)
        self.scatter_flat(op, 0, env, results, flat, [u[in_bounds] for u in updates], kind)
        return [r.reshape(x.shape) for r, x in zip(results, inputs)]

    def op_sort(self, op, ins, env):
        dim = attr(op, "dimension")
        if dim < 0:
            dim += ins[0].dim()
        block = op["regions"][0]["blocks"][0]
        key = self.sort_key(block, len(ins))
        if key is not None:
            k, descending, compare_type = key
            x = ins[k]
            if compare_type == "TOTALORDER" and x.dtype in FLOAT_DTYPES:
                x = total_order_key(x)
            elif compare_type == "UNSIGNED" and x.dtype in INT_DTYPES and x.dtype != torch.uint8:
                x = unsigned_key(x)
            _, perm = torch.sort(x, dim=dim, descending=descending, stable=True)
            return [torch.gather(v, dim, perm) for v in ins]
        return self.generic_sort(op, ins, env, dim)

    def sort_key(self, block, n):
        args = [a["id"] for a in block["arguments"]]
        ops = block["ops"]
        if len(ops) != 2 or ops[0]["name"] != "stablehlo.compare" or ops[1]["name"] != "stablehlo.return":
            return None
        cmp = ops[0]
        if ops[1]["operands"] != [cmp["results"][0]["id"]]:
            return None
        direction = attr(cmp, "comparison_direction")
        if direction not in ("LT", "GT"):
            return None
        a, b = cmp["operands"]
        for k in range(n):
            if (a, b) == (args[2 * k], args[2 * k + 1]):
                descending = direction == "GT"
            elif (a, b) == (args[2 * k + 1], args[2 * k]):
                descending = direction == "LT"
            else:
                continue
            compare_type = attr(cmp, "compare_type")
            element = block["arguments"][2 * k]["element_type"]
            if compare_type in (None, "FLOAT") and element.startswith("complex"):
                return None
            return k, descending, compare_type or ""
        return None

    def generic_sort(self, op, ins, env, dim):
        fn = self.body_fn(op, 0, env)
        moved = [v.movedim(dim, -1).contiguous() for v in ins]
        shape = moved[0].shape
        length = shape[-1] if len(shape) else 1
        rows = int(np.prod(shape[:-1])) if len(shape) > 1 else 1
        need(rows * length * max(1, int(np.log2(length + 1))) <= GENERIC_LIMIT // 10,
             "sort too large for the generic comparator path")
        flat = [v.reshape(rows, length) for v in moved]
        out = [f.clone() for f in flat]
        for r in range(rows):
            def less(i, j):
                args = []
                for f in flat:
                    args += [f[r, i], f[r, j]]
                return bool(fn(*args)[0])
            order = sorted(range(length), key=functools.cmp_to_key(
                lambda i, j: -1 if less(i, j) else (1 if less(j, i) else 0)))
            perm = torch.tensor(order, dtype=torch.int64)
            for o, f in zip(out, flat):
                o[r] = f[r][perm]
        return [o.reshape(shape).movedim(-1, dim).contiguous() for o in out]

    # random numbers (implementation-defined: torch's generator, seeded)
    def op_rng(self, op, ins, env):
        a, b = ins[0], ins[1]
        shape = result_shape(op)
        dt = result_dtype(op)
        distribution = attr(op, "rng_distribution")
        if distribution == "UNIFORM":
            if dt in INT_DTYPES or dt == torch.bool:
                lo, hi = int(a), int(b)
                need(hi > lo, "rng UNIFORM with an empty range")
                return [torch.randint(lo, hi, shape, generator=self.rng, dtype=torch.int64).to(dt)]
            need(dt in FLOAT_DTYPES, f"rng UNIFORM on {dt}")
            return [torch.empty(shape, dtype=dt).uniform_(float(a), float(b), generator=self.rng)]
        if distribution == "NORMAL":
            need(dt in FLOAT_DTYPES, "rng NORMAL on non-float")
            return [torch.empty(shape, dtype=dt).normal_(float(a), float(b), generator=self.rng)]
        raise Unsupported(f"rng distribution {distribution}")

    def op_rng_bit_generator(self, op, ins, env):
        raise Unsupported(f"rng_bit_generator {attr(op, 'rng_algorithm')}: torch has no THREE_FRY/PHILOX bit generator")


SUPPORTED_OPS = sorted(
    set(UNARY) | set(BINARY) | set(CHLO_BROADCAST)
    | {"chlo." + m[8:] if m.startswith("op_chlo_") else "stablehlo." + m[3:]
       for m in dir(Interpreter) if m.startswith("op_") and not m.startswith("op_func_")}
    | {"func.call"})


def run(request):
    if request.ir is None:
        raise Unsupported("the program has no IR JSON (it did not parse on the harness side)")
    if request.num_replicas * request.num_partitions != 1:
        raise Unsupported(f"multi-process programs ({request.num_replicas} replicas x {request.num_partitions} "
                          "partitions): the torch adapter runs one process")
    for element in H.element_types_in(request.ir):
        if element.startswith("!quant"):
            QuantType(element, None)  # raises Unsupported for what torch's quantized tensors cannot hold
        elif element not in DTYPES:
            raise Unsupported(f"element type {element}: torch has no such dtype")
    for name in H.ops_in(request.ir):
        if name not in SUPPORTED_OPS and name not in ("func.return", "stablehlo.return"):
            raise Unsupported(f"{name} is not supported by the torch adapter")
    interpreter = Interpreter(request)
    inputs = [from_numpy(a, H.element_type_of(t)) for a, t in zip(request.inputs, request.input_types)]
    try:
        outputs = interpreter.call("main", inputs)
    except RuntimeError as error:
        text = str(error)
        if "not implemented for" in text:
            raise Unsupported(f"torch {torch.__version__} CPU: {text.splitlines()[0]}")
        raise
    return [to_numpy(o, H.element_type_of(t)) for o, t in zip(outputs, request.output_types)]


class _NoInputs:
    """A run request without inputs, outputs or infeed, for verify (the program is traced, not checked)."""

    def __init__(self, verify_request, ir):
        self.ir = ir
        self.case_id = verify_request.case_id
        self.infeed, self.infeed_types = [], []
        self.num_replicas = self.num_partitions = 1


def _without_checks(blocks):
    """The blocks with check.* ops (the testdata's assertions, which have no results) left out, recursively."""
    out = []
    for block in blocks:
        ops = []
        for op in block["ops"]:
            if op["name"].startswith("check."):
                continue
            op = dict(op, regions=[dict(r, blocks=_without_checks(r["blocks"])) for r in op.get("regions", [])])
            ops.append(op)
        out.append(dict(block, ops=ops))
    return out


def verify(request):
    """What torch can say about a program without being given inputs: @main is traced eagerly on zeros of
    its argument types. An error torch (or this adapter's translation) raises is a rejection with its text;
    a trace that completes is an acceptance. Programs this adapter cannot trace (ops or types it leaves
    out, dynamic shapes, process grids) are answered "unsupported": torch's verdict is unknown there."""
    if request.ir is None:
        raise Unsupported("the program has no IR JSON")
    for element in H.element_types_in(request.ir):
        if not element.startswith("!quant") and element not in DTYPES:
            raise Unsupported(f"element type {element}: torch has no such dtype")
    for name in H.ops_in(request.ir):
        if name not in SUPPORTED_OPS and name not in ("func.return", "stablehlo.return") and not name.startswith("check."):
            raise Unsupported(f"{name} is not supported by the torch adapter")
    ir = dict(request.ir, functions=[dict(f, blocks=_without_checks(f["blocks"])) for f in request.ir["functions"]])
    interpreter = Interpreter(_NoInputs(request, ir))
    main = interpreter.functions.get("main")
    if main is None:
        raise Unsupported("the program has no @main")
    inputs = []
    for argument in main["arguments"]:
        if any(d < 0 for d in argument.get("shape", [])) or argument.get("element_type") not in DTYPES:
            raise Unsupported(f"@main takes {argument['type']}: no zeros to trace it with")
        inputs.append(torch.zeros(argument["shape"], dtype=DTYPES[argument["element_type"]]))
    try:
        interpreter.call("main", inputs)
    except Unsupported:
        raise
    except Exception as error:  # torch refused the program (a shape or dtype error, an index out of range)
        raise H.Rejected(f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}")


if __name__ == "__main__":
    H.serve(run, name="torch", version=f"torch {torch.__version__} (CPU, eager)", ops=SUPPORTED_OPS,
            element_types=ELEMENT_TYPES, verify=verify)
