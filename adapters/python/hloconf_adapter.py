"""Write an hloconf backend adapter in a few dozen lines of Python (Debian's python3 and numpy only).

An adapter is a long-lived process that speaks hloconf's backend protocol (adapters/PROTOCOL.md) on
stdin/stdout. This module does the protocol; the adapter supplies one function:

    import hloconf_adapter

    def run(request):
        # request.mlir: the program as MLIR text (generic form); request.ir: the same as JSON.
        # request.inputs: numpy arrays, request.input_types: their StableHLO types.
        # request.infeed: the infeed queue (lists of numpy arrays, one list per entry; usually empty).
        if "stablehlo.fft" in hloconf_adapter.ops_in(request.ir):
            raise hloconf_adapter.Unsupported("fft is not lowered yet")
        return [my_backend.execute(request.mlir, request.inputs)]   # one array per output

    hloconf_adapter.serve(run, name="mybackend", version="1.2",
                          ops=["stablehlo.add", ...], element_types=["f32", "bf16"])

An adapter may also answer verify requests (adapters/PROTOCOL.md, "Verify a program": may the program run
at all?), which `hloconf run --backend NAME spec-invalid` sends with programs the spec forbids:

    def verify(request):
        # request.mlir, request.ir, request.case_id: the program as written; nothing to run.
        problem = my_compiler.check(request.mlir)
        if problem:
            raise hloconf_adapter.Rejected(problem)   # answers "rejected" with the reason
        # returning answers "accepted"; raising Unsupported answers that the adapter cannot tell

    hloconf_adapter.serve(run, name="mybackend", verify=verify)

Without `verify` the handshake does not declare it, and hloconf does not ask (its negative cases are
UNSUPPORTED, "not asked").

`run` returns one array per entry of request.output_types (results of @main, for every process of a
num_replicas x num_partitions grid, process-major). Raising Unsupported(reason) answers "unsupported";
any other exception answers "error" with its text (the traceback goes to stderr, the backend's log).

Element types NumPy lacks travel as raw bits (the .npy convention of ir/npy.h): bf16 arrives as a uint16
array, tf32 as uint32 (19 bits), every f8/f6/f4 type as uint8. `decode_raw` turns such bits into exact
float32 values; `encode_raw` rounds float32 values to bf16 or tf32 bits. An output of such a type may be
returned as raw bits (the unsigned dtype), as an ml_dtypes array of the same item size, or, for bf16 and
tf32 only, as float32 values (rounded once to nearest even here).

stdout belongs to the protocol: while `serve` runs, print() and anything else writing to file
descriptor 1 goes to stderr, which hloconf keeps in the backend's log.
"""

import json
import os
import sys
import traceback

import numpy as np

PROTOCOL = 1

__all__ = [
    "PROTOCOL", "Unsupported", "Rejected", "Request", "VerifyRequest", "serve", "ops_in", "element_types_in", "parse_tensor_type",
    "element_type_of", "is_float_type", "is_raw_bits_type", "decode_raw", "encode_raw", "npy_dtype",
    "FLOAT_FORMATS",
]


class Unsupported(Exception):
    """Raise from `run` to answer "unsupported" with a reason (the case counts as UNSUPPORTED)."""


class Rejected(Exception):
    """Raise from `verify` to answer that the backend refuses the program, with the reason."""


# --- element types ------------------------------------------------------------------------------------

# name: (total_bits, exponent_bits, mantissa_bits, bias, has_sign, nan_encoding), as ir/element_type.cc's
# kFloatFormats. nan_encoding: "ieee" (exponent all ones; mantissa 0 is infinity), "all_ones" (only all
# ones is NaN; no infinity), "negative_zero" (the -0 encoding is the only NaN), "none", "e8m0" (0xFF).
FLOAT_FORMATS = {
    "f4E2M1FN": (4, 2, 1, 1, True, "none"),
    "f6E2M3FN": (6, 2, 3, 1, True, "none"),
    "f6E3M2FN": (6, 3, 2, 3, True, "none"),
    "f8E3M4": (8, 3, 4, 3, True, "ieee"),
    "f8E4M3": (8, 4, 3, 7, True, "ieee"),
    "f8E4M3FN": (8, 4, 3, 7, True, "all_ones"),
    "f8E4M3FNUZ": (8, 4, 3, 8, True, "negative_zero"),
    "f8E4M3B11FNUZ": (8, 4, 3, 11, True, "negative_zero"),
    "f8E5M2": (8, 5, 2, 15, True, "ieee"),
    "f8E5M2FNUZ": (8, 5, 2, 16, True, "negative_zero"),
    "f8E8M0FNU": (8, 8, 0, 127, False, "e8m0"),
    "bf16": (16, 8, 7, 127, True, "ieee"),
    "f16": (16, 5, 10, 15, True, "ieee"),
    "tf32": (19, 8, 10, 127, True, "ieee"),
    "f32": (32, 8, 23, 127, True, "ieee"),
    "f64": (64, 11, 52, 1023, True, "ieee"),
}

_NUMPY_DTYPES = {
    "i1": "|b1", "i2": "|i1", "si2": "|i1", "i4": "|i1", "si4": "|i1", "i8": "|i1", "si8": "|i1",
    "i16": "<i2", "si16": "<i2", "i32": "<i4", "si32": "<i4", "i64": "<i8", "si64": "<i8",
    "ui2": "|u1", "ui4": "|u1", "ui8": "|u1", "ui16": "<u2", "ui32": "<u4", "ui64": "<u8",
    "f16": "<f2", "f32": "<f4", "f64": "<f8", "complex<f32>": "<c8", "complex<f64>": "<c16",
    "bf16": "<u2", "tf32": "<u4",
}


def parse_tensor_type(text):
    """'tensor<2x3xbf16>' -> ((2, 3), 'bf16'); 'tensor<f32>' -> ((), 'f32'). Quantized element types
    come back as their storage type ('!quant.uniform<i8:f32, ...>' -> 'i8')."""
    text = text.strip()
    if not text.startswith("tensor<") or not text.endswith(">"):
        raise ValueError(f"not a tensor type: {text}")
    body = text[len("tensor<"):-1]
    # The element type may itself contain 'x' (complex<f32>, !quant.uniform<...>): take dims from the left.
    shape = []
    while True:
        head, sep, rest = body.partition("x")
        if sep and head.isdigit():
            shape.append(int(head))
            body = rest
        elif sep and head == "?":
            shape.append(-1)
            body = rest
        else:
            break
    if body.startswith("complex<"):
        element = body[:body.index(">") + 1]
    elif body.startswith("!quant.uniform<"):
        element = body[len("!quant.uniform<"):].split(":")[0].split("<")[0]
    else:
        element = body.split(",")[0].strip()
    return tuple(shape), element


def element_type_of(type_text):
    return parse_tensor_type(type_text)[1]


def is_float_type(element_type):
    return element_type in FLOAT_FORMATS


def is_complex_type(element_type):
    return element_type.startswith("complex<")


def is_raw_bits_type(element_type):
    """Float types NumPy has no dtype for: they travel as unsigned integers holding their bits."""
    return element_type in FLOAT_FORMATS and element_type not in ("f16", "f32", "f64")


def npy_dtype(element_type):
    """The dtype a tensor of `element_type` travels in (see the module doc)."""
    if element_type in _NUMPY_DTYPES:
        return np.dtype(_NUMPY_DTYPES[element_type])
    if element_type in FLOAT_FORMATS:
        return np.dtype("|u1")
    raise ValueError(f"unknown element type {element_type}")


def decode_raw(bits, element_type):
    """Raw bits of a float type (bf16, tf32, f8*, f6*, f4*, or f16/f32/f64 bits) -> exact float32 values
    (float64 for f64)."""
    total, exp_bits, mant_bits, bias, has_sign, nan_encoding = FLOAT_FORMATS[element_type]
    bits = np.asarray(bits).astype(np.uint64) & np.uint64((1 << total) - 1)
    mant = (bits & np.uint64((1 << mant_bits) - 1)).astype(np.float64)
    exp = ((bits >> np.uint64(mant_bits)) & np.uint64((1 << exp_bits) - 1)).astype(np.int64)
    sign = ((bits >> np.uint64(total - 1)) & np.uint64(1)).astype(bool) if has_sign else np.zeros(bits.shape, bool)
    scale = float(1 << mant_bits)
    if nan_encoding == "e8m0":
        value = np.ldexp(1.0, exp - bias)
    else:
        normal = np.ldexp(1.0 + mant / scale, exp - bias)
        subnormal = np.ldexp(mant / scale, 1 - bias)
        value = np.where(exp == 0, subnormal, normal)
    all_ones = (1 << exp_bits) - 1
    if nan_encoding == "ieee":
        value = np.where(exp == all_ones, np.where(mant == 0, np.inf, np.nan), value)
    elif nan_encoding == "all_ones":
        value = np.where((exp == all_ones) & (mant == scale - 1), np.nan, value)
    elif nan_encoding == "negative_zero":
        value = np.where(bits == np.uint64(1 << (total - 1)), np.nan, value)
    elif nan_encoding == "e8m0":
        value = np.where(exp == all_ones, np.nan, value)
    value = np.where(sign, -value, value)
    return value if element_type == "f64" else value.astype(np.float32)


def encode_raw(values, element_type):
    """float32 (or float16) values -> the bits of a raw-bits float type (bf16, tf32, every f8, f6 and f4 format),
    rounded once to nearest, ties to even, as the reference evaluator rounds (ir/element_type.cc encodeFloat):
    every NaN gives the format's canonical NaN; beyond the largest finite value, infinity where the format has
    one, the largest finite value where it has neither infinity nor NaN, else NaN."""
    values = np.asarray(values)
    if values.dtype not in (np.float32, np.float16):
        # float64 -> float32 -> bf16 would round twice; only exact widenings are taken here.
        raise ValueError(f"encode_raw takes float32 (or float16) values, not {values.dtype}")
    values = values.astype(np.float32)
    u = values.view(np.uint32).astype(np.uint64)
    nan = np.isnan(values)
    if element_type == "bf16":
        rounded = (u + np.uint64(0x7FFF) + ((u >> np.uint64(16)) & np.uint64(1))) >> np.uint64(16)
        return np.where(nan, np.uint64(0x7FC0), rounded).astype(np.uint16)
    if element_type == "tf32":
        rounded = (u + np.uint64(0xFFF) + ((u >> np.uint64(13)) & np.uint64(1))) >> np.uint64(13)
        return np.where(nan, np.uint64(0x3FE00), rounded).astype(np.uint32)
    if element_type in FLOAT_FORMATS and FLOAT_FORMATS[element_type][0] <= 8:
        return _encode_narrow(values.astype(np.float64), element_type)
    raise ValueError(f"encode_raw rounds to the raw-bits float types; {element_type} is not one")


def _encode_narrow(values, element_type):
    """encode_raw for the formats of at most 8 bits: the nearest of the format's magnitudes, found by search."""
    total, exp_bits, mant_bits, bias, has_sign, nan_encoding = FLOAT_FORMATS[element_type]
    magnitude_codes = np.arange(1 << (total - 1 if has_sign else total), dtype=np.uint64)
    magnitudes = decode_raw(magnitude_codes, element_type).astype(np.float64)
    largest = int(np.nonzero(np.isfinite(magnitudes))[0].max())
    # One step above the largest finite magnitude (that binade's grid spacing), as code largest + 1: what
    # rounds to it overflows, with the tie at the midpoint going to the even code, as IEEE rounding does.
    top = magnitudes[largest]
    step = top - magnitudes[largest - 1] if mant_bits else top
    grid = np.append(magnitudes[:largest + 1], top + step)
    sign_bit = 1 << (total - 1) if has_sign else 0
    canonical_nan = {"ieee": (((1 << exp_bits) - 1) << mant_bits) | (1 << (mant_bits - 1)) if mant_bits else 0,
                     "all_ones": largest + 1, "negative_zero": sign_bit, "e8m0": (1 << total) - 1, "none": 0}[nan_encoding]

    magnitude = np.abs(values)
    above = np.clip(np.searchsorted(grid, magnitude, side="left"), 1, len(grid) - 1)
    below = above - 1
    from_below, from_above = magnitude - grid[below], grid[above] - magnitude
    code = np.where((from_above < from_below) | ((from_above == from_below) & (above % 2 == 0)), above, below)
    code = np.where(magnitude >= grid[-1], len(grid) - 1, code).astype(np.int64)
    negative = np.signbit(values)
    sign = np.where(negative, sign_bit, 0)
    if nan_encoding == "ieee":
        overflow = sign | (((1 << exp_bits) - 1) << mant_bits)      # infinity
    elif nan_encoding == "none":
        overflow = sign | largest                                  # no infinity, no NaN: saturate
    elif nan_encoding == "all_ones":
        overflow = sign | (largest + 1)                            # NaN, with the sign
    else:
        overflow = np.full(values.shape, canonical_nan)            # the format's only NaN
    out = sign | code
    if magnitudes[0] == 0:  # rounded to zero: the sign stays where the format has a -0
        out = np.where(code == 0, sign if nan_encoding != "negative_zero" else 0, out)
    out = np.where(np.isinf(values) | (code > largest), overflow, out)
    if not has_sign:  # E8M0 holds neither zero nor negative scales: NaN
        out = np.where(negative | (values == 0), canonical_nan, out)
    out = np.where(np.isnan(values), canonical_nan, out)
    return out.astype(np.uint8)


# --- the IR JSON --------------------------------------------------------------------------------------

def _walk_ops(blocks):
    for block in blocks:
        for op in block["ops"]:
            yield op
            for region in op.get("regions", []):
                yield from _walk_ops(region["blocks"])


def walk_ops(ir):
    """Every op of every function of an IR JSON module (adapters/PROTOCOL.md, "The IR as JSON")."""
    for function in (ir or {}).get("functions", []):
        yield from _walk_ops(function["blocks"])


def ops_in(ir):
    """The set of op names a program uses."""
    return {op["name"] for op in walk_ops(ir)}


def element_types_in(ir):
    """The set of element types of every value of a program."""
    found = set()
    for function in (ir or {}).get("functions", []):
        for argument in function["arguments"]:
            if "element_type" in argument:
                found.add(argument["element_type"])
    for op in walk_ops(ir):
        for result in op["results"]:
            if "element_type" in result:
                found.add(result["element_type"])
    return found


# --- requests -----------------------------------------------------------------------------------------

class VerifyRequest:
    """A verify request: a program to judge, not to run."""

    def __init__(self, message):
        self.message = message
        self.id = message["id"]
        self.case_id = message.get("case_id", "")
        self.mlir = message.get("mlir", "")
        self.ir = message.get("ir")
        self.timeout_seconds = message.get("timeout_seconds", 0)


class Request(VerifyRequest):
    """One case: the program, its inputs, and the outputs wanted."""

    def __init__(self, message):
        super().__init__(message)
        self.num_replicas = int(message.get("num_replicas", 1))
        self.num_partitions = int(message.get("num_partitions", 1))
        self.input_types = [entry["type"] for entry in message.get("inputs", [])]
        self.output_types = [entry["type"] for entry in message.get("outputs", [])]
        self.inputs = []
        for i, entry in enumerate(message.get("inputs", [])):
            array = np.load(entry["path"], allow_pickle=False)
            shape, _ = parse_tensor_type(entry["type"])
            if tuple(array.shape) != shape:
                raise ValueError(f"input {i}: {entry['path']} has shape {array.shape}, expected {entry['type']}")
            self.inputs.append(array)
        # The infeed queue (empty when the program reads none): entries oldest first, each a list of
        # numpy arrays (one stablehlo.infeed's payload); infeed_types: their StableHLO types.
        self.infeed = []
        self.infeed_types = []
        for e, entry in enumerate(message.get("infeed") or []):
            arrays, types = [], []
            for k, tensor in enumerate(entry):
                array = np.load(tensor["path"], allow_pickle=False)
                shape, _ = parse_tensor_type(tensor["type"])
                if tuple(array.shape) != shape:
                    raise ValueError(f"infeed entry {e} tensor {k}: {tensor['path']} has shape {array.shape}, "
                                     f"expected {tensor['type']}")
                arrays.append(array)
                types.append(tensor["type"])
            self.infeed.append(arrays)
            self.infeed_types.append(types)

    def input_values(self, i):
        """Input i with raw-bits float types decoded to float32 (others as they are)."""
        element = element_type_of(self.input_types[i])
        return decode_raw(self.inputs[i], element) if is_raw_bits_type(element) else self.inputs[i]


def _output_array(value, entry, index):
    """Checks and converts what `run` returned for output `index` to the dtype the file must have."""
    type_text = entry["type"]
    shape, element = parse_tensor_type(type_text)
    target = np.dtype(entry["dtype"]) if "dtype" in entry else npy_dtype(element)
    array = np.asarray(value)
    where = f"output {index} ({type_text})"
    if tuple(array.shape) != shape:
        raise ValueError(f"{where}: the array has shape {array.shape}")
    if array.dtype == target:
        return array
    if is_raw_bits_type(element):
        if array.dtype in (np.float32, np.float16) and element in ("bf16", "tf32"):
            return encode_raw(array, element)
        if array.dtype.itemsize == target.itemsize and array.dtype.kind not in "fcb":
            return array.view(target)  # raw bits in another integer type, or an ml_dtypes array
        raise ValueError(f"{where}: got dtype {array.dtype}; return the raw bits as {target}")
    if target.kind == "b":
        if array.dtype.kind in "iu" and np.all((array == 0) | (array == 1)):
            return array.astype(bool)
    elif target.kind in "iu" and array.dtype.kind in "iub":
        info = np.iinfo(target)
        if array.size == 0 or (array.min() >= info.min and array.max() <= info.max):
            return array.astype(target)
        raise ValueError(f"{where}: values outside the range of {target}")
    raise ValueError(f"{where}: got dtype {array.dtype}, expected {target} (convert it in the adapter: "
                     "hloconf does not round results for you)")


# --- the protocol loop --------------------------------------------------------------------------------

class _Channel:
    """The protocol's stdin/stdout; fd 1 is pointed at stderr so stray output cannot corrupt it."""

    def __init__(self):
        self.input = sys.stdin.buffer
        self.output = os.fdopen(os.dup(1), "wb", buffering=0)
        sys.stdout.flush()
        os.dup2(2, 1)
        sys.stdout = sys.stderr

    def send(self, message):
        self.output.write((json.dumps(message, allow_nan=False, default=str) + "\n").encode())

    def send_raw(self, text):
        """For tests of the harness only: writes a line that is not a well-formed reply."""
        self.output.write(text.encode() + b"\n")


_channel = None


def send_raw_line(text):
    """Writes `text` as a line on the protocol channel (for fault-injection backends)."""
    _channel.send_raw(text)


def _describe(error):
    text = str(error)
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def serve(run, name, version="0", ops=None, element_types=None, verify=None):
    """Answers protocol messages until `shutdown` or the end of stdin. `ops` / `element_types`: what the
    backend can run (None or []: everything; the backend decides per case). `verify`: the hook that answers
    verify requests (see the module doc); None: the handshake says the adapter does not."""
    global _channel
    _channel = _Channel()
    for raw in _channel.input:
        line = raw.decode("utf-8", "replace").strip()
        if not line:
            continue
        try:
            message = json.loads(line)
        except ValueError as error:
            _channel.send({"type": "result", "id": None, "status": "error", "message": f"malformed line: {error}"})
            continue
        if not isinstance(message, dict):
            _channel.send({"type": "result", "id": None, "status": "error", "message": "expected a JSON object"})
            continue
        kind = message.get("type")
        if kind == "hello":
            _channel.send({"type": "hello", "protocol": PROTOCOL, "name": name, "version": str(version),
                           "capabilities": {"ops": list(ops or []), "element_types": list(element_types or []),
                                            "verify": verify is not None}})
        elif kind == "run":
            _channel.send(_run_one(run, message))
        elif kind == "verify":
            _channel.send(_verify_one(verify, message))
        elif kind == "shutdown":
            return
        else:
            _channel.send({"type": "result", "id": message.get("id"), "status": "error",
                           "message": f"unknown message type {kind!r}"})


def _verify_one(verify, message):
    reply = {"type": "verify", "id": message.get("id")}
    if verify is None:
        reply.update(result="unsupported", message="this adapter does not implement verify")
        return reply
    try:
        verify(VerifyRequest(message))
        reply["result"] = "accepted"
    except Rejected as reason:
        reply.update(result="rejected", message=str(reason) or "rejected")
    except Unsupported as reason:
        reply.update(result="unsupported", message=str(reason) or "unsupported")
    except Exception as error:  # the adapter's own problem: an error answer, not a verdict
        traceback.print_exc(file=sys.stderr)
        sys.stderr.flush()
        reply = {"type": "result", "id": message.get("id"), "status": "error", "message": _describe(error)}
    return reply


def _run_one(run, message):
    reply = {"type": "result", "id": message.get("id")}
    try:
        request = Request(message)
        outputs = run(request)
        entries = message.get("outputs", [])
        outputs = list(outputs) if outputs is not None else []
        if len(outputs) != len(entries):
            raise ValueError(f"run returned {len(outputs)} array(s); the request wants {len(entries)}")
        for index, (value, entry) in enumerate(zip(outputs, entries)):
            array = _output_array(value, entry, index)
            # ascontiguousarray makes a 0-d array 1-d (NumPy < 2): keep the shape, scalars included.
            np.save(entry["path"], np.ascontiguousarray(array).reshape(array.shape), allow_pickle=False)
        reply["status"] = "ok"
    except Unsupported as reason:
        reply.update(status="unsupported", reason=str(reason) or "unsupported")
    except Exception as error:  # every other failure is this case's error, not the adapter's end
        traceback.print_exc(file=sys.stderr)
        sys.stderr.flush()
        reply.update(status="error", message=_describe(error))
    return reply
