"""hloconf backend adapter for the upstream StableHLO reference interpreter, `stablehlo-translate --interpret`
(openxla/stablehlo; the peer we build is 840c41ce, ../shared/upstream/build.sh).

Each request becomes one module (docs/design/upstream.md, "The upstream interpreter as a backend"):

- the program as hloconf sends it (MLIR generic form), its @main renamed @hloconf_program;
- a new @main without arguments: the inputs as constants (floats as hex, bit for bit; integers and
  booleans as decimals), a call of @hloconf_program, and each float result bitcast to the integer of its
  width (complex results split with stablehlo.real / stablehlo.imag first), so that the values the
  interpreter prints are integers: the bits are read back exactly, never through a decimal float.

Programs with chlo ops go through `stablehlo-opt --chlo-legalize-to-stablehlo` first, as upstream's own
RUN lines do (stablehlo/tests/interpret/chlo/*.mlir). The binary is $STABLEHLO_TRANSLATE, else
stablehlo-translate on PATH; stablehlo-opt is $STABLEHLO_OPT, else the one beside stablehlo-translate, else
on PATH. Without stablehlo-translate every case is UNSUPPORTED with that reason.

What the adapter cannot pass to the interpreter is UNSUPPORTED with the reason: process grids (the
interpreter's results would be per process), token and tuple results, quantized results (the interpreter
prints quantized elements through their expressed values, not their storage bits). What the interpreter
itself refuses ("Unsupported op", an element type it does not know) is UNSUPPORTED with its message; any
other failure of the tool is an ERROR quoting its stderr, a crash (a signal) included.
"""

import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import hloconf_adapter as H  # noqa: E402
import numpy as np  # noqa: E402

# Integer type of the same width as each float type, for stablehlo.bitcast_convert.
BITCAST_INT = {name: f"i{spec[0]}" for name, spec in H.FLOAT_FORMATS.items() if spec[0] in (8, 16, 32, 64)}

# The interpreter's messages for what it does not implement (stablehlo/reference/Ops.cpp, Tensor.cpp,
# Element.cpp at 840c41ce): these answer UNSUPPORTED, everything else is an ERROR.
NOT_IMPLEMENTED = re.compile(r"Unsupported (op|element type|interpreter value)|unsupported|not supported", re.I)


def find_tool(variable, name, beside=None):
    named = os.environ.get(variable)
    if named:
        return named if os.access(named, os.X_OK) else None
    if beside:
        candidate = os.path.join(os.path.dirname(beside), name)
        if os.access(candidate, os.X_OK):
            return candidate
    return shutil.which(name)


TRANSLATE = find_tool("STABLEHLO_TRANSLATE", "stablehlo-translate")
OPT = find_tool("STABLEHLO_OPT", "stablehlo-opt", TRANSLATE)


def tool_version():
    if not TRANSLATE:
        return "absent"
    try:
        out = subprocess.run([TRANSLATE, "--version"], capture_output=True, text=True, timeout=30).stdout
        return " ".join(out.split())[:120] or TRANSLATE
    except (OSError, subprocess.SubprocessError):
        return TRANSLATE


def nested_literal(flat, shape):
    """['1', '2', '3', '4'], (2, 2) -> '[[1, 2], [3, 4]]' (a scalar shape gives the element)."""
    if not shape:
        return flat[0]
    step = len(flat) // shape[0] if shape[0] else 0
    return "[" + ", ".join(nested_literal(flat[i * step:(i + 1) * step], shape[1:]) for i in range(shape[0])) + "]"


def constant_line(name, array, type_text):
    """`name = stablehlo.constant ...` holding `array` (the .npy hloconf wrote) exactly."""
    shape, element = H.parse_tensor_type(type_text)
    if "!quant" in type_text:
        raise H.Unsupported("quantized inputs are not passed to stablehlo-translate by this adapter yet")
    if array.size == 0:
        literal = "dense<>"
    elif H.is_float_type(element) or H.is_complex_type(element):
        if element not in BITCAST_INT and not H.is_complex_type(element):
            raise H.Unsupported(f"{element} has no byte-sized hex form in MLIR's dense literals")
        literal = 'dense<"0x' + np.ascontiguousarray(array).tobytes().hex().upper() + '">'
    elif element == "i1":
        literal = "dense<" + nested_literal(["true" if v else "false" for v in array.reshape(-1)], shape) + ">"
    else:
        literal = "dense<" + nested_literal([str(int(v)) for v in array.reshape(-1)], shape) + ">"
    return f"    {name} = stablehlo.constant {literal} : {type_text}"


def read_back_plan(index, value, type_text):
    """Lines that turn result `value` into integer tensors, and how to rebuild the output from them."""
    shape, element = H.parse_tensor_type(type_text)
    dims = "x".join(str(d) for d in shape) + ("x" if shape else "")
    if "!quant" in type_text:
        raise H.Unsupported("quantized results: the interpreter prints quantized elements through their expressed "
                            "values, not their storage bits")
    if H.is_complex_type(element):
        part = element[len("complex<"):-1]
        part_type, int_type = f"tensor<{dims}{part}>", f"tensor<{dims}{BITCAST_INT[part]}>"
        lines = [f"    %re{index} = stablehlo.real {value} : ({type_text}) -> {part_type}",
                 f"    %im{index} = stablehlo.imag {value} : ({type_text}) -> {part_type}",
                 f"    %reb{index} = stablehlo.bitcast_convert %re{index} : ({part_type}) -> {int_type}",
                 f"    %imb{index} = stablehlo.bitcast_convert %im{index} : ({part_type}) -> {int_type}"]
        return lines, [(f"%reb{index}", int_type), (f"%imb{index}", int_type)]
    if H.is_float_type(element):
        if element not in BITCAST_INT:
            raise H.Unsupported(f"{element} results cannot be bitcast to a byte-sized integer for an exact read-back")
        int_type = f"tensor<{dims}{BITCAST_INT[element]}>"
        return ([f"    %bits{index} = stablehlo.bitcast_convert {value} : ({type_text}) -> {int_type}"],
                [(f"%bits{index}", int_type)])
    return [], [(value, type_text)]


def driver_module(request):
    """The request's program with a @main that feeds it constants and returns its results as integers."""
    if request.num_replicas * request.num_partitions != 1:
        raise H.Unsupported("process grids: the adapter runs one process (the interpreter's per-process results "
                            "are not read back)")
    for t in request.output_types:
        if not t.startswith("tensor<"):
            raise H.Unsupported(f"{t} results are not read back by this adapter")
    program = request.mlir
    renamed, count = re.subn(r'sym_name = "main"', 'sym_name = "hloconf_program"', program)
    if count != 1:
        raise ValueError(f"expected one function named main in the program, found {count}")
    close = renamed.rstrip().rfind("\n})")
    if close < 0:
        raise ValueError("the program is not a generic-form builtin.module")
    lines, returned = [], []
    args = []
    for i, (array, type_text) in enumerate(zip(request.inputs, request.input_types)):
        lines.append(constant_line(f"%in{i}", array, type_text))
        args.append(f"%in{i}")
    outs = request.output_types
    results = "%r" if len(outs) == 1 else (f"%r:{len(outs)}" if outs else "")
    call = f"func.call @hloconf_program({', '.join(args)}) : ({', '.join(request.input_types)}) -> ({', '.join(outs)})"
    lines.append(f"    {results} = {call}" if outs else f"    {call}")
    for k, type_text in enumerate(outs):
        value = "%r" if len(outs) == 1 else f"%r#{k}"
        more, values = read_back_plan(k, value, type_text)
        lines += more
        returned += values
    signature = ", ".join(t for _, t in returned)
    lines.append(f"    func.return {', '.join(v for v, _ in returned)} : {signature}" if returned else "    func.return")
    driver = f"\n  func.func @main() -> ({signature}) {{\n" + "\n".join(lines) + "\n  }"
    return renamed[:close] + driver + renamed[close:], returned


PRINTED_TENSOR = re.compile(r"tensor<[^{]*>\s*\{([^{}]*)\}")


def parse_printed(text, returned):
    """The interpreter prints each result of @main as `tensor<...> {[...]}`: the integer values, in order."""
    bodies = PRINTED_TENSOR.findall(text)
    if len(bodies) != len(returned):
        raise ValueError(f"stablehlo-translate printed {len(bodies)} tensor(s), expected {len(returned)}:\n{text[:2000]}")
    values = []
    for body, (_, type_text) in zip(bodies, returned):
        shape, element = H.parse_tensor_type(type_text)
        tokens = re.findall(r"-?\d+|true|false", body)
        numbers = [1 if t == "true" else 0 if t == "false" else int(t) for t in tokens]
        if len(numbers) != int(np.prod(shape, dtype=np.int64)):
            raise ValueError(f"{type_text}: read {len(numbers)} values from {body[:200]!r}")
        values.append((numbers, shape, element))
    return values


def to_array(numbers, shape, element, dtype):
    """Integers as printed (signed for signless types) -> an array of `dtype`, bits kept."""
    itemsize = dtype.itemsize
    if dtype.kind == "b":
        return np.array(numbers, dtype=bool).reshape(shape)
    if dtype.kind in "iu" and not H.is_float_type(element):
        return np.array(numbers, dtype=dtype).reshape(shape)
    mask = (1 << (8 * itemsize)) - 1
    unsigned = np.array([n & mask for n in numbers], dtype=f"<u{itemsize}").reshape(shape)
    return unsigned.view(dtype)


def run(request):
    if not TRANSLATE:
        raise H.Unsupported("stablehlo-translate not found: set STABLEHLO_TRANSLATE or put it on PATH "
                            "(../shared/upstream/build.sh builds it; docs/design/upstream.md)")
    module, returned = driver_module(request)
    if "chlo." in request.mlir:
        if not OPT:
            raise H.Unsupported("the program has chlo ops and stablehlo-opt (for --chlo-legalize-to-stablehlo) "
                                "was not found: set STABLEHLO_OPT")
        legalized = subprocess.run([OPT, "--chlo-legalize-to-stablehlo", "-"], input=module, capture_output=True, text=True)
        if legalized.returncode != 0:
            # A chlo op this upstream build does not have (square, mulhi, ragged_dot, scan at 840c41ce) is an op
            # the tool lacks, not a failure of it.
            unknown = re.search(r"unregistered operation '(chlo\.[a-z_0-9]+)'", legalized.stderr)
            if unknown:
                raise H.Unsupported(f"this stablehlo-opt does not know {unknown.group(1)} (unregistered operation)")
            if "unknown chlo attribute" in legalized.stderr:  # #chlo.ragged_dot at 840c41ce
                raise H.Unsupported("this stablehlo-opt does not know a chlo attribute of the program (unknown chlo attribute)")
            refused = re.search(r"warning: (unsupported [^\n]*)", legalized.stderr)
            if refused and "failed to legalize" in legalized.stderr:  # the legalization's own "unsupported"
                raise H.Unsupported(f"stablehlo-opt --chlo-legalize-to-stablehlo: {refused.group(1)[:300]}")
            raise RuntimeError(f"stablehlo-opt --chlo-legalize-to-stablehlo failed:\n{legalized.stderr[-3000:]}")
        module = legalized.stdout
        if re.search(r'(^|[\s="])shape\.[a-z_]+', module, re.M):
            raise H.Unsupported("the chlo legalization produced shape dialect ops (a broadcast between different shapes), "
                                "which stablehlo-translate does not load")
    ran = subprocess.run([TRANSLATE, "--interpret", "-"], input=module, capture_output=True, text=True)
    if ran.returncode != 0:
        message = (ran.stderr or ran.stdout).strip()
        lines = message.splitlines()
        # The interpreter reports with report_fatal_error (an abort, signal 6): its "LLVM ERROR:" line is
        # the message; the stack dump after it is not.
        first = next((l for l in lines if l.startswith("LLVM ERROR:")), lines[0] if lines else "")
        if NOT_IMPLEMENTED.search(first):
            raise H.Unsupported(f"stablehlo-translate --interpret: {first[:500]}")
        if ran.returncode < 0:
            raise RuntimeError(f"stablehlo-translate died of signal {-ran.returncode}: {first[:1000]}")
        raise RuntimeError(f"stablehlo-translate --interpret failed (exit {ran.returncode}): {message[-3000:]}")
    values = parse_printed(ran.stdout, returned)
    outputs, at = [], 0
    for type_text, entry in zip(request.output_types, request.message.get("outputs", [])):
        shape, element = H.parse_tensor_type(type_text)
        dtype = np.dtype(entry["dtype"]) if "dtype" in entry else H.npy_dtype(element)
        if H.is_complex_type(element):
            part = np.dtype(f"<f{dtype.itemsize // 2}")
            re_part = to_array(*values[at][:2], element[len("complex<"):-1], part)
            im_part = to_array(*values[at + 1][:2], element[len("complex<"):-1], part)
            # Assembled part by part, not through arithmetic (re + 1j * im would turn a NaN's payload).
            combined = np.empty(shape, dtype)
            combined.real, combined.imag = re_part, im_part
            outputs.append(combined)
            at += 2
        else:
            outputs.append(to_array(values[at][0], values[at][1], element, dtype))
            at += 1
    return outputs


if __name__ == "__main__":
    H.serve(run, name="stablehlo-translate", version=tool_version())
