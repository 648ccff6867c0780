"""hloconf backend adapter for XLA itself, through jaxlib's XLA client: `--backend xla-cpu` and `--backend xla-gpu`.

Each case's program (`request.mlir`, our generic MLIR form, adapters/PROTOCOL.md) is handed to XLA as it is:
jaxlib's MLIR parser reads it, XLA compiles it for the platform's device(s), and the executable runs on the
case's inputs. Nothing is translated here, so what this backend reports is XLA's own behaviour, its StableHLO
import included.

- The platform is the `--platform` argument (`cpu` or `gpu`; adapter.json of adapters/xla-cpu and
  adapters/xla-gpu). XLA:CPU gets 8 host devices (`--xla_force_host_platform_device_count`) so that programs
  on a process grid (num_replicas x num_partitions <= 8) run as XLA runs them; XLA:GPU has the machine's GPUs.
- jax runs with 64-bit types enabled (otherwise device_put would narrow i64/f64 inputs) and, on the GPU,
  without preallocating most of the GPU's memory (so that several workers can share it).
- Element types NumPy lacks arrive as raw bits (bf16, f8, f6, f4) or small integers (i2, i4, ui2, ui4); they
  become ml_dtypes arrays, which is what jax uses. tf32 has no XLA type: UNSUPPORTED.
- An XLA status of UNIMPLEMENTED (an op or type the platform does not lower) answers UNSUPPORTED with XLA's
  message; any other compile or run failure is an ERROR with XLA's message.
- The XLA client (xla_runtime.py, shared with bench/gpu/gpu_bench.py) uses `compile_and_load` where jaxlib
  has it (0.5 and later; `compile` before) and `execute_sharded` on jax Arrays; the handshake's version names
  jax, jaxlib, the device and the client API.
"""

import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "python"))
sys.path.insert(0, HERE)
_parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
_parser.add_argument("--platform", choices=["cpu", "gpu"], required=True)
_args = _parser.parse_args()
try:
    import numpy  # noqa: E402,F401
    import xla_runtime as X  # noqa: E402
    X.configure(_args.platform)
    import jax  # noqa: E402,F401
    import jaxlib  # noqa: E402,F401
    import ml_dtypes  # noqa: E402,F401
    import hloconf_adapter as H  # noqa: E402
except ImportError as missing:  # the handshake fails with this message (hloconf shows the adapter's stderr)
    sys.stderr.write(f"adapters/xla needs numpy, jax, jaxlib and ml_dtypes in this python ({sys.executable}): {missing}\n")
    sys.exit(2)


# Ops that talk to the host outside the program's arguments and results: the request has no channel for them.
HOST_OPS = {"stablehlo.send", "stablehlo.recv", "stablehlo.outfeed", "stablehlo.infeed", "stablehlo.custom_call"}


def xla_status(error):
    """The XLA status code at the start of an XlaRuntimeError's message ('UNIMPLEMENTED: ...'), or ''."""
    text = str(error)
    head = text.split(":", 1)[0].strip()
    return head if re.fullmatch(r"[A-Z_]+", head) else ""


def unsupported_by_xla(error, request):
    """XLA failures that mean "XLA does not implement this" rather than a wrong answer or a crash of ours."""
    text = str(error)
    if xla_status(error) == "UNIMPLEMENTED" or "can't be translated to XLA HLO" in text:
        return True
    # XLA has no quantized element types: its StableHLO import fails on them before compiling anything.
    quantized = any("!quant." in t for t in request.input_types + request.output_types) or "!quant." in request.mlir
    return quantized and ("PRIMITIVE_TYPE_INVALID" in text or "primitive_type_invalid" in text or "quant" in text)


def main():
    xla = X.Xla(_args.platform)

    def run(request):
        used = H.ops_in(request.ir) if request.ir else set()
        host = sorted(used & HOST_OPS)
        if host:
            raise H.Unsupported(f"{', '.join(host)}: the XLA adapter gives programs no host channel or custom calls")
        try:
            inputs = [X.to_jax_value(array, type_text) for array, type_text in zip(request.inputs, request.input_types)]
            if any(H.element_type_of(type_text) == "tf32" for type_text in request.output_types):
                raise X.Unsupported("XLA has no tf32 element type")
            compiled = xla.compile(request.mlir, request.num_replicas, request.num_partitions)
        except X.Unsupported as reason:
            raise H.Unsupported(str(reason)) from None
        except Exception as error:  # noqa: BLE001 (XLA's status decides: unimplemented or an error)
            if unsupported_by_xla(error, request):
                raise H.Unsupported(f"XLA:{xla.platform} compile: {error}") from None
            raise RuntimeError(f"XLA:{xla.platform} compile: {error}") from None
        try:
            per_device = xla.run(compiled, inputs)
        except Exception as error:  # noqa: BLE001
            if unsupported_by_xla(error, request):
                raise H.Unsupported(f"XLA:{xla.platform} run: {error}") from None
            raise RuntimeError(f"XLA:{xla.platform} run: {error}") from None
        outputs = [value for device_outputs in per_device for value in device_outputs]
        if len(outputs) != len(request.output_types):
            raise RuntimeError(f"XLA returned {len(outputs)} outputs; the request wants {len(request.output_types)}")
        return [X.from_jax_value(value, type_text) for value, type_text in zip(outputs, request.output_types)]

    H.serve(run, name=f"xla-{_args.platform}", version=xla.describe())


if __name__ == "__main__":
    main()
