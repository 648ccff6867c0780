"""XLA through jaxlib's client, for adapters/xla/adapter.py and bench/gpu/gpu_bench.py: a program's MLIR text
compiled for one platform's devices and run on numpy inputs (element types NumPy lacks as ml_dtypes arrays).

Call `configure(platform)` before importing jax anywhere: it sets the environment XLA reads at start
(host devices for XLA:CPU, no preallocation of the GPU's memory for XLA:GPU).
"""

import os

import numpy as np

MAX_CPU_DEVICES = 8


def configure(platform):
    if platform == "cpu":
        os.environ["JAX_PLATFORMS"] = "cpu"
        flags = os.environ.get("XLA_FLAGS", "")
        if "xla_force_host_platform_device_count" not in flags:
            os.environ["XLA_FLAGS"] = f"{flags} --xla_force_host_platform_device_count={MAX_CPU_DEVICES}".strip()
    else:
        os.environ.setdefault("JAX_PLATFORMS", "cuda")
        os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")


class Unsupported(Exception):
    """What XLA (or this jaxlib) has no way to run."""


def _jax():
    import jax
    jax.config.update("jax_enable_x64", True)  # otherwise device_put narrows i64/f64 inputs
    return jax


# Element types whose .npy form is not what jax wants: raw bits (viewed) or small integers (converted).
ML_DTYPES = {
    "bf16": "bfloat16", "f8E4M3FN": "float8_e4m3fn", "f8E5M2": "float8_e5m2", "f8E4M3FNUZ": "float8_e4m3fnuz",
    "f8E5M2FNUZ": "float8_e5m2fnuz", "f8E4M3B11FNUZ": "float8_e4m3b11fnuz", "f8E4M3": "float8_e4m3",
    "f8E3M4": "float8_e3m4", "f8E8M0FNU": "float8_e8m0fnu", "f4E2M1FN": "float4_e2m1fn",
    "f6E2M3FN": "float6_e2m3fn", "f6E3M2FN": "float6_e3m2fn",
    "i2": "int2", "si2": "int2", "i4": "int4", "si4": "int4", "ui2": "uint2", "ui4": "uint4",
}
SMALL_INTEGERS = {"i2", "si2", "i4", "si4", "ui2", "ui4"}


def element_type_of(type_text):
    """'tensor<2x3xbf16>' -> 'bf16' (the storage type of a quantized type)."""
    body = type_text.strip()[len("tensor<"):-1]
    while True:
        head, sep, rest = body.partition("x")
        if sep and (head.isdigit() or head == "?"):
            body = rest
        else:
            break
    if body.startswith("!quant.uniform<"):
        return body[len("!quant.uniform<"):].split(":")[0].split("<")[0]
    return body if body.startswith("complex<") else body.split(",")[0].strip()


def ml_dtype(element):
    import ml_dtypes
    name = ML_DTYPES.get(element)
    if name is None:
        return None
    dtype = getattr(ml_dtypes, name, None)
    if dtype is None:
        raise Unsupported(f"this ml_dtypes ({ml_dtypes.__version__}) has no {name} for {element}")
    return np.dtype(dtype)


def to_jax_value(array, type_text):
    element = element_type_of(type_text)
    if element == "tf32":
        raise Unsupported("XLA has no tf32 element type")
    if "!quant.uniform" in type_text:
        return array  # storage integers: XLA's quantized lowering decides
    target = ml_dtype(element)
    if target is None:
        return array
    if element in SMALL_INTEGERS:
        return array.astype(target)
    return array.view(target)


# The numpy dtype of each integer element type (its .npy form).
INTEGER_DTYPES = {"i8": np.int8, "si8": np.int8, "i16": np.int16, "si16": np.int16, "i32": np.int32, "si32": np.int32,
                  "i64": np.int64, "si64": np.int64, "ui8": np.uint8, "ui16": np.uint16, "ui32": np.uint32,
                  "ui64": np.uint64}


def from_jax_value(array, type_text):
    element = element_type_of(type_text)
    array = np.asarray(array)
    target = INTEGER_DTYPES.get(element)
    if target is not None and array.dtype.kind in "iu" and array.dtype.itemsize == np.dtype(target).itemsize:
        # XLA may hand back the other signedness of the same width (rng_bit_generator's i8 results come as
        # uint8): the bits are the result.
        return array.view(target)
    if element in SMALL_INTEGERS:
        return array.astype(np.int8 if not element.startswith("ui") else np.uint8)
    if ml_dtype(element) is not None:
        bits = {1: np.uint8, 2: np.uint16}[array.dtype.itemsize]
        return array.view(bits)
    return array


class Xla:
    """The platform's XLA client, and compile/run through whichever API this jaxlib has."""

    def __init__(self, platform):
        jax = _jax()
        self.jax = jax
        self.platform = platform
        self.client = self._backend(platform)
        self.devices = list(self.client.local_devices())
        if not self.devices:
            raise RuntimeError(f"XLA:{platform} has no devices")
        from jax._src.lib import xla_client
        self.xc = xla_client
        import jaxlib
        self.versions = f"jax {jax.__version__}, jaxlib {jaxlib.__version__}"
        self.compile_api = "compile_and_load" if hasattr(self.client, "compile_and_load") else "compile"
        self.executables = {}  # (mlir, grid) -> executable; benchmarks run one program many times

    @staticmethod
    def _backend(platform):
        names = ["cpu"] if platform == "cpu" else ["cuda", "gpu", "rocm"]
        errors = []
        for name in names:
            try:
                from jax.extend import backend as jex_backend
                return jex_backend.get_backend(name)
            except Exception as error:  # noqa: BLE001 (try the next name; each failure is reported below)
                errors.append(f"{name}: {error}")
            try:
                from jax._src import xla_bridge
                return xla_bridge.get_backend(name)
            except Exception as error:  # noqa: BLE001
                errors.append(f"{name} (xla_bridge): {error}")
        raise RuntimeError(f"no XLA backend for platform {platform}: " + "; ".join(errors))

    def describe(self):
        device = self.devices[0]
        kind = getattr(device, "device_kind", device.platform)
        version = getattr(self.client, "platform_version", "")
        return (f"{self.versions}, XLA:{self.platform.upper()} on "
                f"{len(self.devices)} x {kind} ({version}); client API {self.compile_api}")

    def compile(self, mlir, replicas, partitions):
        key = (mlir, replicas, partitions)
        if key in self.executables:
            return self.executables[key]
        count = replicas * partitions
        if count > len(self.devices):
            raise Unsupported(f"the program runs on {count} processes; XLA:{self.platform} has "
                                f"{len(self.devices)} device(s)")
        devices = self.devices[:count]
        options = self.xc.CompileOptions()
        options.num_replicas = replicas
        options.num_partitions = partitions
        build = options.executable_build_options
        build.num_replicas = replicas
        build.num_partitions = partitions
        ids = np.array([device.id for device in devices]).reshape(replicas, partitions)
        build.device_assignment = self.xc.DeviceAssignment.create(ids)
        # XLA refuses num_partitions > 1 without its SPMD partitioner; our programs are already per process.
        build.use_spmd_partitioning = partitions > 1
        if self.compile_api == "compile_and_load":
            device_list = self.xc.DeviceList(tuple(devices)) if hasattr(self.xc, "DeviceList") else devices
            executable = self.client.compile_and_load(mlir, device_list, options)
        else:
            executable = self.client.compile(mlir, options)
        if len(self.executables) >= 64:
            self.executables.clear()
        self.executables[key] = (executable, devices)
        return executable, devices

    def run(self, compiled, inputs):
        """Runs on every device of the grid, each on the same inputs; outputs per device, in device order."""
        executable, devices = compiled
        if len(devices) == 1:
            placement = devices[0]
        else:  # every process gets the whole input: replicated over the grid's devices
            mesh = self.jax.sharding.Mesh(np.array(devices), ("processes",))
            placement = self.jax.sharding.NamedSharding(mesh, self.jax.sharding.PartitionSpec())
        arguments = [self.jax.device_put(value, placement) for value in inputs]
        per_output = executable.execute_sharded(arguments).disassemble_into_single_device_arrays()
        return [[np.asarray(output[d]) for output in per_output] for d in range(len(devices))]


