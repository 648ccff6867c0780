// The CUDA executor's kernels (kernels.h): grid-stride loops over the per-element functions of
// device_math.h, one kernel per storage type with the op a run-time argument (few instantiations).
#include <cuda_runtime.h>

#include "executors/cuda/dispatch.cuh"
#include "executors/cuda/kernels.h"

namespace hloconf::cuda {
namespace {

using dm::BFloat;
using dm::Elem;
using dm::Half;
using dm::Pred;


constexpr int kThreads = 256;

unsigned blocksFor(int64_t n) {
  int64_t blocks = (n + kThreads - 1) / kThreads;
  if (blocks > 65536) blocks = 65536;
  return static_cast<unsigned>(blocks < 1 ? 1 : blocks);
}


template <class S> struct Kind { static constexpr int v = 1; };  // 0 float, 1 integer, 2 pred
template <> struct Kind<Pred> { static constexpr int v = 2; };
template <> struct Kind<Half> { static constexpr int v = 0; };
template <> struct Kind<BFloat> { static constexpr int v = 0; };
template <> struct Kind<float> { static constexpr int v = 0; };
template <> struct Kind<double> { static constexpr int v = 0; };

#define HLOCONF_GRID_STRIDE(i, n) \
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < (n); i += static_cast<int64_t>(gridDim.x) * blockDim.x)

template <class S>
__device__ S applyUnary(UOp op, S s) {
  using C = typename Elem<S>::C;
  const C x = Elem<S>::load(s);
  if constexpr (Kind<S>::v == 0) return Elem<S>::store(dm::floatUnary<C>(op, x));
  else if constexpr (Kind<S>::v == 1) return dm::intUnary<C>(op, x);
  else return Pred{static_cast<uint8_t>(x ^ 1)};  // not
}

template <class S>
__device__ S applyBinary(BOp op, S a, S b) {
  using C = typename Elem<S>::C;
  if constexpr (Kind<S>::v == 0) return Elem<S>::store(dm::floatBinary<C>(op, Elem<S>::load(a), Elem<S>::load(b)));
  else if constexpr (Kind<S>::v == 1) return dm::intBinary<C>(op, a, b);
  else return Pred{dm::predBinary(op, Elem<S>::load(a), Elem<S>::load(b))};
}

// Four elements as one vector load / store (16 bytes for 4-byte elements), where every pointer is aligned to it.
template <class S>
struct alignas(4 * sizeof(S)) Vec4 {
  S v[4];
};
template <class S>
bool aligned4(const void* p) {
  return reinterpret_cast<uintptr_t>(p) % (4 * sizeof(S)) == 0;
}

// `vec`: the host found every pointer aligned for Vec4; groups of four first, then the tail one by one.
template <class S>
__global__ void unaryKernel(UOp op, const S* __restrict__ x, S* __restrict__ out, int64_t n, bool vec) {
  int64_t done = 0;
  if (vec) {
    const int64_t groups = n / 4;
    HLOCONF_GRID_STRIDE(g, groups) {
      Vec4<S> a = reinterpret_cast<const Vec4<S>*>(x)[g];
#pragma unroll
      for (int j = 0; j < 4; ++j) a.v[j] = applyUnary(op, a.v[j]);
      reinterpret_cast<Vec4<S>*>(out)[g] = a;
    }
    done = groups * 4;
  }
  HLOCONF_GRID_STRIDE(i, n - done) out[done + i] = applyUnary(op, x[done + i]);
}

// Two operands; the result may be one of them (never partially overlapping), so no __restrict__.
template <class S>
__global__ void binaryKernel(BOp op, const S* x, const S* y, S* out, int64_t n, bool vec) {
  int64_t done = 0;
  if (vec) {
    const int64_t groups = n / 4;
    HLOCONF_GRID_STRIDE(g, groups) {
      Vec4<S> a = reinterpret_cast<const Vec4<S>*>(x)[g];
      const Vec4<S> b = reinterpret_cast<const Vec4<S>*>(y)[g];
#pragma unroll
      for (int j = 0; j < 4; ++j) a.v[j] = applyBinary(op, a.v[j], b.v[j]);
      reinterpret_cast<Vec4<S>*>(out)[g] = a;
    }
    done = groups * 4;
  }
  HLOCONF_GRID_STRIDE(i, n - done) out[done + i] = applyBinary(op, x[done + i], y[done + i]);
}

template <class S>
__global__ void compareKernel(CmpDir dir, CmpKind kind, const S* x, const S* y, uint8_t* out, int64_t n) {
  HLOCONF_GRID_STRIDE(i, n) out[i] = dm::compareValues(dir, kind, x[i], y[i]) ? 1 : 0;
}

template <class S>
__global__ void floatTestKernel(dm::FloatTest test, const S* x, uint8_t* out, int64_t n) {
  HLOCONF_GRID_STRIDE(i, n) out[i] = dm::floatTest(test, Elem<S>::load(x[i])) ? 1 : 0;
}

template <class S>
__global__ void nextAfterKernel(const S* x, const S* y, S* out, int64_t n) {
  HLOCONF_GRID_STRIDE(i, n) out[i] = dm::nextAfter(x[i], y[i]);
}

template <class S>
__global__ void selectKernel(const uint8_t* pred, bool scalar_pred, const S* t, const S* f, S* out, int64_t n) {
  HLOCONF_GRID_STRIDE(i, n) out[i] = pred[scalar_pred ? 0 : i] ? t[i] : f[i];
}

template <class S>
__global__ void clampKernel(const S* lo, bool scalar_lo, const S* x, const S* hi, bool scalar_hi, S* out, int64_t n) {
  HLOCONF_GRID_STRIDE(i, n) {
    const S v = applyBinary(BOp::kMax, x[i], lo[scalar_lo ? 0 : i]);
    out[i] = applyBinary(BOp::kMin, v, hi[scalar_hi ? 0 : i]);
  }
}

template <class S, class Bits>
__global__ void reducePrecisionKernel(const S* x, S* out, int64_t n, int src_exp, int src_mant, int64_t e, int64_t m) {
  HLOCONF_GRID_STRIDE(i, n) {
    Bits bits;
    memcpy(&bits, &x[i], sizeof(Bits));
    bits = static_cast<Bits>(dm::reducePrecisionBits(bits, static_cast<int>(8 * sizeof(Bits)), src_exp, src_mant, e, m));
    memcpy(&out[i], &bits, sizeof(Bits));
  }
}

template <class From, class To>
__device__ void convertLoop(const From* x, To* out, int64_t n) {
  HLOCONF_GRID_STRIDE(i, n) out[i] = dm::fromScalar<To>(dm::toScalar<From>(x[i]));
}

// One kernel per source type; the destination type is a run-time switch (uniform over the grid).
template <class From>
__global__ void convertKernel(const From* x, DType to, void* out, int64_t n) {
  switch (to) {
    case kPred: return convertLoop(x, static_cast<Pred*>(out), n);
    case kS8: return convertLoop(x, static_cast<int8_t*>(out), n);
    case kS16: return convertLoop(x, static_cast<int16_t*>(out), n);
    case kS32: return convertLoop(x, static_cast<int32_t*>(out), n);
    case kS64: return convertLoop(x, static_cast<int64_t*>(out), n);
    case kU8: return convertLoop(x, static_cast<uint8_t*>(out), n);
    case kU16: return convertLoop(x, static_cast<uint16_t*>(out), n);
    case kU32: return convertLoop(x, static_cast<uint32_t*>(out), n);
    case kU64: return convertLoop(x, static_cast<uint64_t*>(out), n);
    case kF16: return convertLoop(x, static_cast<Half*>(out), n);
    case kBF16: return convertLoop(x, static_cast<BFloat*>(out), n);
    case kF32: return convertLoop(x, static_cast<float*>(out), n);
    case kF64: return convertLoop(x, static_cast<double*>(out), n);
    default:
      return;  // not reached: the host lowers convert for the types above only
  }
}

template <class S>
__global__ void iotaKernel(int64_t inner, int64_t size, S* out, int64_t n) {
  HLOCONF_GRID_STRIDE(i, n) {
    dm::Scalar v;
    v.kind = dm::Scalar::kSignedInt;
    v.i = (i / inner) % size;
    out[i] = dm::fromScalar<S>(v);
  }
}

template <class W>
__global__ void copyKernel(CopyDesc d, const W* src, W* dst) {
  HLOCONF_GRID_STRIDE(i, d.total) {
    int64_t rest = i, s = d.src_offset, t = d.dst_offset;
    for (int k = d.rank - 1; k >= 0; --k) {
      const int64_t idx = rest % d.shape[k];
      rest /= d.shape[k];
      s += idx * d.src_strides[k];
      t += idx * d.dst_strides[k];
    }
    dst[t] = src[s];
  }
}

template <class W>
__global__ void fillKernel(const W* value, W* out, int64_t n) {
  const W v = *value;
  HLOCONF_GRID_STRIDE(i, n) out[i] = v;
}

// --- reduce -------------------------------------------------------------------------------------------------
template <class C>
__device__ C combine(RedOp op, C a, C b) {
  if constexpr (static_cast<C>(0.5) != static_cast<C>(0)) {
    switch (op) {
      case RedOp::kAdd: return a + b;
      case RedOp::kMul: return a * b;
      case RedOp::kMax: return dm::floatMax(a, b);
      default: return dm::floatMin(a, b);
    }
  } else {
    switch (op) {
      case RedOp::kAdd: return dm::intBinary<C>(BOp::kAdd, a, b);
      case RedOp::kMul: return dm::intBinary<C>(BOp::kMul, a, b);
      case RedOp::kMax: return a >= b ? a : b;
      case RedOp::kMin: return a <= b ? a : b;
      case RedOp::kAnd: return static_cast<C>(a & b);
      case RedOp::kOr: return static_cast<C>(a | b);
      default: return static_cast<C>(a ^ b);
    }
  }
}

template <class C>
__device__ C shuffleDown(C v, int offset) {
  if constexpr (sizeof(C) == 8) {
    unsigned long long bits;
    memcpy(&bits, &v, 8);
    bits = __shfl_down_sync(0xffffffffu, bits, offset);
    memcpy(&v, &bits, 8);
    return v;
  } else if constexpr (sizeof(C) == 4) {
    unsigned bits;
    memcpy(&bits, &v, 4);
    bits = __shfl_down_sync(0xffffffffu, bits, offset);
    memcpy(&v, &bits, 4);
    return v;
  } else {
    unsigned bits = 0;
    memcpy(&bits, &v, sizeof(C));
    bits = __shfl_down_sync(0xffffffffu, bits, offset);
    memcpy(&v, &bits, sizeof(C));
    return v;
  }
}

// One block per result element (grid-stride over them): each thread folds a strided share of the reduced
// elements, then the warps combine by shuffles and the warps' results through shared memory. A thread
// without elements carries has = false. Pred reduces as 0/1 with its body mapped to and/or (add: or,
// multiply: and, max: or, min: and).
template <class S>
__global__ void reduceKernel(RedOp op, const S* in, const S* init, S* out, ReduceDesc d) {
  using C = typename Elem<S>::C;
  __shared__ C warp_acc[kThreads / 32];
  __shared__ int warp_has[kThreads / 32];
  for (int64_t o = blockIdx.x; o < d.outputs; o += gridDim.x) {
    int64_t base = 0, rest = o;
    for (int k = d.kept_rank - 1; k >= 0; --k) {
      base += (rest % d.kept_shape[k]) * d.kept_strides[k];
      rest /= d.kept_shape[k];
    }
    bool has = false;
    C acc = C(0);
    int64_t r = threadIdx.x;
    if (d.reduced_rank == 1) {
      // One reduced dim (the common case: a row or a column): offsets without divisions, and four loads in
      // flight per thread before they are combined in the same order as one by one.
      const int64_t stride = d.reduced_strides[0], step = blockDim.x;
      for (; r + 3 * step < d.reduced; r += 4 * step) {
        const C v0 = Elem<S>::load(in[base + r * stride]), v1 = Elem<S>::load(in[base + (r + step) * stride]);
        const C v2 = Elem<S>::load(in[base + (r + 2 * step) * stride]), v3 = Elem<S>::load(in[base + (r + 3 * step) * stride]);
        acc = has ? combine(op, acc, v0) : v0;
        acc = combine(op, combine(op, combine(op, acc, v1), v2), v3);
        has = true;
      }
      for (; r < d.reduced; r += step) {
        const C v = Elem<S>::load(in[base + r * stride]);
        acc = has ? combine(op, acc, v) : v;
        has = true;
      }
    }
    for (; d.reduced_rank != 1 && r < d.reduced; r += blockDim.x) {
      int64_t offset = base, rr = r;
      for (int k = d.reduced_rank - 1; k >= 0; --k) {
        offset += (rr % d.reduced_shape[k]) * d.reduced_strides[k];
        rr /= d.reduced_shape[k];
      }
      const C v = Elem<S>::load(in[offset]);
      acc = has ? combine(op, acc, v) : v;
      has = true;
    }
    for (int offset = 16; offset > 0; offset /= 2) {
      const C other = shuffleDown(acc, offset);
      const int other_has = __shfl_down_sync(0xffffffffu, has ? 1 : 0, offset);
      if (other_has) {
        acc = has ? combine(op, acc, other) : other;
        has = true;
      }
    }
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (lane == 0) {
      warp_acc[warp] = acc;
      warp_has[warp] = has ? 1 : 0;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
      C total = Elem<S>::load(*init);
      for (int w = 0; w < static_cast<int>(blockDim.x / 32); ++w)
        if (warp_has[w]) total = combine(op, total, warp_acc[w]);
      out[o] = Elem<S>::store(total);
    }
    __syncthreads();
  }
}

template <class S>
__global__ void dotIntegerKernel(const S* a, const S* b, S* out, int64_t m, int64_t n, int64_t k, int64_t total) {
  using C = typename Elem<S>::C;
  HLOCONF_GRID_STRIDE(idx, total) {
    const int64_t j = idx % n, i = (idx / n) % m, batch = idx / (n * m);
    const S* row = a + (batch * m + i) * k;
    const S* col = b + batch * k * n + j;
    C acc = C(0);
    for (int64_t t = 0; t < k; ++t) {
      const C x = Elem<S>::load(row[t]), y = Elem<S>::load(col[t * n]);
      if constexpr (Kind<S>::v == 2) acc = static_cast<C>(acc | (x & y));
      else acc = dm::intBinary<C>(BOp::kAdd, acc, dm::intBinary<C>(BOp::kMul, x, y));
    }
    out[idx] = Elem<S>::store(acc);
  }
}

// --- reduce_window, sort, rng_bit_generator ----------------------------------------------------------------------
template <class S>
__global__ void reduceWindowKernel(RedOp op, const S* in, const S* init_value, S* out, WindowDesc d) {
  using C = typename Elem<S>::C;
  const C init = Elem<S>::load(*init_value);
  HLOCONF_GRID_STRIDE(o, d.outputs) {
    C acc = init;
    for (int64_t k = 0; k < d.window_size; ++k) {
      const int64_t position = windowElement(d, o, k);
      acc = combine(op, acc, position < 0 ? init : Elem<S>::load(in[position]));
    }
    out[o] = Elem<S>::store(acc);
  }
}

__global__ void sortStartKernel(int64_t* order, int64_t length, int64_t total) { HLOCONF_GRID_STRIDE(i, total) order[i] = i % length; }

template <class S>
__global__ void sortPassKernel(SortDesc d, const S* keys, const int64_t* from, int64_t* to, int64_t width, int64_t merges_per_slice) {
  HLOCONF_GRID_STRIDE(t, d.slices * merges_per_slice)
  mergeRuns(d, keys, from, to, t / merges_per_slice, (t % merges_per_slice) * 2 * width, width);
}

template <class W>
__global__ void permuteKernel(SortDesc d, const int64_t* order, const W* src, W* dst) {
  HLOCONF_GRID_STRIDE(i, d.slices * d.length) {
    const int64_t base = sliceBase(d, i / d.length);
    dst[base + (i % d.length) * d.stride] = src[base + order[i] * d.stride];
  }
}

template <class W>
__device__ void putBits(void* out, int64_t i, uint64_t bits) {
  static_cast<W*>(out)[i] = static_cast<W>(bits);
}

__global__ void rngBitsKernel(plan::rng::BitsLayout layout, int bytes, uint64_t mask, const uint64_t* state, void* out, uint64_t* next,
                              int64_t blocks) {
  HLOCONF_GRID_STRIDE(b, blocks) {
    plan::rng::generateBlock(layout, state, b, [&](int64_t i, uint64_t bits) {
      bits &= mask;
      switch (bytes) {
        case 1:
          putBits<uint8_t>(out, i, bits);
          break;
        case 2:
          putBits<uint16_t>(out, i, bits);
          break;
        case 4:
          putBits<uint32_t>(out, i, bits);
          break;
        default:
          putBits<uint64_t>(out, i, bits);
          break;
      }
    });
  }
  if (blockIdx.x == 0 && threadIdx.x == 0 && next) plan::rng::nextState(layout, state, next);
}

// top_k from a sorted order (descending, ties by index): row r's first k elements and their indices.
template <class S>
__global__ void topKKernel(const int64_t* order, const S* x, S* values, void* indices, int index_bytes, int64_t n, int64_t k,
                           int64_t total) {
  HLOCONF_GRID_STRIDE(i, total) {
    const int64_t row = i / k, j = i % k;
    const int64_t index = order[row * n + j];
    values[i] = x[row * n + index];
    switch (index_bytes) {  // the low bytes of the index: its value wrapped to the index type
      case 1:
        static_cast<uint8_t*>(indices)[i] = static_cast<uint8_t>(index);
        break;
      case 2:
        static_cast<uint16_t*>(indices)[i] = static_cast<uint16_t>(index);
        break;
      case 4:
        static_cast<uint32_t*>(indices)[i] = static_cast<uint32_t>(index);
        break;
      default:
        static_cast<uint64_t*>(indices)[i] = static_cast<uint64_t>(index);
        break;
    }
  }
}

// --- complex<f32> / complex<f64> (interleaved parts) -----------------------------------------------------------
template <class C>
__global__ void complexMultiplyKernel(const C* x, const C* y, C* out, int64_t n) {
  HLOCONF_GRID_STRIDE(i, n) {
    C re, im;
    dm::complexMultiply(x[2 * i], x[2 * i + 1], y[2 * i], y[2 * i + 1], &re, &im);
    out[2 * i] = re;
    out[2 * i + 1] = im;
  }
}
// compare of complex numbers (FLOAT), the CPU executor's and the reference's rule: EQ/NE on both parts; the
// ordered directions decided by the real parts when they differ, else by the imaginary parts.
template <class C>
__global__ void compareComplexKernel(CmpDir dir, const C* x, const C* y, uint8_t* out, int64_t n) {
  HLOCONF_GRID_STRIDE(i, n) {
    const C ar = x[2 * i], ai = x[2 * i + 1], br = y[2 * i], bi = y[2 * i + 1];
    bool r;
    if (dir == CmpDir::kEQ)
      r = ar == br && ai == bi;
    else if (dir == CmpDir::kNE)
      r = !(ar == br && ai == bi);
    else if (ar != br)
      r = dm::decide(dir, ar, br);  // false when a real part is NaN
    else
      r = dm::decide(dir, ai, bi);
    out[i] = r ? 1 : 0;
  }
}
template <class C>
__global__ void complexAbsKernel(const C* x, C* out, int64_t n) {
  HLOCONF_GRID_STRIDE(i, n) out[i] = dm::complexAbs(x[2 * i], x[2 * i + 1]);
}

// rng (the CPU executor's draws and formulas, executors/cpu/kernels_movement.cc): element i's two 64-bit draws
// from Philox-4x32-10 at counter (i, 0) under a fixed key. Floats: UNIFORM a + u (b - a) with u in [0, 1) of
// 53 bits (a where the rounding reaches b), NORMAL a + b z by Box-Muller; integers: a + (draw mod (b - a)).
// The host checked a < b (UNIFORM) and b >= 0 (NORMAL).
__device__ void rngDraws(int64_t i, uint64_t* k1, uint64_t* k2) {
  uint32_t w[4];
  plan::rng::philox(static_cast<uint64_t>(i), 0, uint64_t{0x21666e6f} << 32 | 0x636f6c68u, w);
  *k1 = w[0] | uint64_t{w[1]} << 32;
  *k2 = w[2] | uint64_t{w[3]} << 32;
}
template <class S>
__device__ S fromDouble(double v) {
  dm::Scalar scalar;
  scalar.f = v;
  return dm::fromScalar<S>(scalar);
}
template <class S>
__global__ void rngFloatKernel(bool normal, S a_bits, double a, double b, S* out, int64_t n) {
  HLOCONF_GRID_STRIDE(i, n) {
    uint64_t k1, k2;
    rngDraws(i, &k1, &k2);
    if (normal) {
      const double u1 = (static_cast<double>(k1) + 1.0) * 0x1p-64, u2 = static_cast<double>(k2) * 0x1p-64;
      const double z = sqrt(-2.0 * log(u1 < 1.0 ? u1 : 1.0)) * cos(2.0 * 3.14159265358979323846 * u2);
      out[i] = fromDouble<S>(a + b * z);
    } else {
      const double u = static_cast<double>(k1 >> 11) * 0x1p-53;
      double v = a + u * (b - a);
      if (!dm::isFinite(v)) v = a * (1 - u) + b * u;
      S bits = fromDouble<S>(v);
      const double rounded = static_cast<double>(Elem<S>::load(bits));
      if (!(rounded >= a && rounded < b)) bits = a_bits;
      out[i] = bits;
    }
  }
}
template <class S>
__global__ void rngIntegerKernel(uint64_t a, uint64_t range, S* out, int64_t n) {
  HLOCONF_GRID_STRIDE(i, n) {
    uint64_t k1, k2;
    rngDraws(i, &k1, &k2);
    out[i] =
        Elem<S>::store(static_cast<typename Elem<S>::C>(a + k1 % range));  // mod 2^64, then the type's width: a + offset, inside [a, b)
  }
}

// select_and_scatter (window_desc.h; windows over the operand, one per source element; the CPU executor's
// rule): per window, the chosen operand element (its elements in row-major order, padding skipped, the running
// choice kept while select(chosen, current), select being compare GE or GT); then per operand element, the
// source elements of the windows that chose it combined into the init value in window order.
template <class S>
__global__ void selectWindowsKernel(WindowDesc d, bool ge, const S* x, int64_t* selected) {
  HLOCONF_GRID_STRIDE(o, d.outputs) selected[o] = chosenInWindow(d, ge, x, o);
}
template <class S>
__global__ void scatterSelectedKernel(WindowDesc d, RedOp op, const int64_t* selected, const S* source, const S* init, S* out, int64_t n) {
  using C = typename Elem<S>::C;
  HLOCONF_GRID_STRIDE(p, n) {
    C acc = Elem<S>::load(*init);
    forEachWindowHolding(d, p, [&](int64_t o) {
      if (selected[o] == p) acc = combine(op, acc, Elem<S>::load(source[o]));
    });
    out[p] = Elem<S>::store(acc);
  }
}

template <class Launch>
cudaError_t launched(int64_t n, Launch&& launch) {
  if (n <= 0) return cudaSuccess;
  launch();
  return cudaGetLastError();
}

// dispatch for the float types only (f16, bf16, f32, f64); any other type is cudaErrorInvalidValue.
template <class F>
cudaError_t dispatchFloat(DType t, F&& f) {
  return dispatch(t, [&](auto tag) -> cudaError_t {
    if constexpr (Kind<typename decltype(tag)::T>::v != 0)
      return cudaErrorInvalidValue;
    else
      return f(tag);
  });
}

}  // namespace

namespace k {

cudaError_t unary(DType t, UOp op, const void* x, void* out, int64_t n, cudaStream_t s) {
  return dispatch(t, [&](auto tag) {
    using S = typename decltype(tag)::T;
    const bool vec = aligned4<S>(x) && aligned4<S>(out);
    return launched(n, [&] {
      unaryKernel<S><<<blocksFor(vec ? (n + 3) / 4 : n), kThreads, 0, s>>>(op, static_cast<const S*>(x), static_cast<S*>(out), n, vec);
    });
  });
}

cudaError_t binary(DType t, BOp op, const void* x, const void* y, void* out, int64_t n, cudaStream_t s) {
  return dispatch(t, [&](auto tag) {
    using S = typename decltype(tag)::T;
    const bool vec = aligned4<S>(x) && aligned4<S>(y) && aligned4<S>(out);
    return launched(n, [&] {
      binaryKernel<S><<<blocksFor(vec ? (n + 3) / 4 : n), kThreads, 0, s>>>(op, static_cast<const S*>(x), static_cast<const S*>(y),
                                                                           static_cast<S*>(out), n, vec);
    });
  });
}

cudaError_t compare(DType t, CmpDir dir, CmpKind kind, const void* x, const void* y, void* out, int64_t n, cudaStream_t s) {
  return dispatch(t, [&](auto tag) {
    using S = typename decltype(tag)::T;
    return launched(n, [&] {
      compareKernel<S><<<blocksFor(n), kThreads, 0, s>>>(dir, kind, static_cast<const S*>(x), static_cast<const S*>(y),
                                                          static_cast<uint8_t*>(out), n);
    });
  });
}

cudaError_t floatTest(DType t, dm::FloatTest test, const void* x, void* out, int64_t n, cudaStream_t s) {
  return dispatchFloat(t, [&](auto tag) {
    using S = typename decltype(tag)::T;
    return launched(
        n, [&] { floatTestKernel<S><<<blocksFor(n), kThreads, 0, s>>>(test, static_cast<const S*>(x), static_cast<uint8_t*>(out), n); });
  });
}

cudaError_t nextAfter(DType t, const void* x, const void* y, void* out, int64_t n, cudaStream_t s) {
  return dispatchFloat(t, [&](auto tag) {
    using S = typename decltype(tag)::T;
    return launched(n, [&] {
      nextAfterKernel<S><<<blocksFor(n), kThreads, 0, s>>>(static_cast<const S*>(x), static_cast<const S*>(y), static_cast<S*>(out), n);
    });
  });
}

template <class W>
cudaError_t selectAs(const void* pred, bool scalar_pred, const void* t, const void* f, void* out, int64_t n, cudaStream_t s) {
  return launched(n, [&] {
    selectKernel<W><<<blocksFor(n), kThreads, 0, s>>>(static_cast<const uint8_t*>(pred), scalar_pred, static_cast<const W*>(t),
                                                       static_cast<const W*>(f), static_cast<W*>(out), n);
  });
}

cudaError_t select(int bytes, const void* pred, bool scalar_pred, const void* on_true, const void* on_false, void* out,
                   int64_t n, cudaStream_t s) {
  switch (bytes) {
    case 1: return selectAs<uint8_t>(pred, scalar_pred, on_true, on_false, out, n, s);
    case 2: return selectAs<uint16_t>(pred, scalar_pred, on_true, on_false, out, n, s);
    case 4: return selectAs<uint32_t>(pred, scalar_pred, on_true, on_false, out, n, s);
    case 8: return selectAs<uint64_t>(pred, scalar_pred, on_true, on_false, out, n, s);
    case 16:
      return selectAs<Bytes16>(pred, scalar_pred, on_true, on_false, out, n, s);
    default: return cudaErrorInvalidValue;
  }
}

cudaError_t clamp(DType t, const void* lo, bool scalar_lo, const void* x, const void* hi, bool scalar_hi, void* out,
                  int64_t n, cudaStream_t s) {
  return dispatch(t, [&](auto tag) {
    using S = typename decltype(tag)::T;
    return launched(n, [&] {
      clampKernel<S><<<blocksFor(n), kThreads, 0, s>>>(static_cast<const S*>(lo), scalar_lo, static_cast<const S*>(x),
                                                        static_cast<const S*>(hi), scalar_hi, static_cast<S*>(out), n);
    });
  });
}

cudaError_t reducePrecision(DType t, int64_t e, int64_t m, const void* x, void* out, int64_t n, cudaStream_t s) {
  if (e < 1 || m < 0) return cudaErrorInvalidValue;
  const int64_t ec = e > 30 ? 30 : e, mc = m > 60 ? 60 : m;  // widths past the operand's skip their step
  switch (t) {
    case kF16: return launched(n, [&] { reducePrecisionKernel<Half, uint16_t><<<blocksFor(n), kThreads, 0, s>>>(static_cast<const Half*>(x), static_cast<Half*>(out), n, 5, 10, ec, mc); });
    case kBF16: return launched(n, [&] { reducePrecisionKernel<BFloat, uint16_t><<<blocksFor(n), kThreads, 0, s>>>(static_cast<const BFloat*>(x), static_cast<BFloat*>(out), n, 8, 7, ec, mc); });
    case kF32: return launched(n, [&] { reducePrecisionKernel<float, uint32_t><<<blocksFor(n), kThreads, 0, s>>>(static_cast<const float*>(x), static_cast<float*>(out), n, 8, 23, ec, mc); });
    case kF64: return launched(n, [&] { reducePrecisionKernel<double, uint64_t><<<blocksFor(n), kThreads, 0, s>>>(static_cast<const double*>(x), static_cast<double*>(out), n, 11, 52, ec, mc); });
    default: return cudaErrorInvalidValue;
  }
}

cudaError_t convert(DType from, DType to, const void* x, void* out, int64_t n, cudaStream_t s) {
  if (static_cast<int>(to) < kPred || static_cast<int>(to) > kF64) return cudaErrorInvalidValue;
  return dispatch(from, [&](auto tag) {
    using S = typename decltype(tag)::T;
    return launched(n, [&] { convertKernel<S><<<blocksFor(n), kThreads, 0, s>>>(static_cast<const S*>(x), to, out, n); });
  });
}

cudaError_t iota(DType t, int64_t inner, int64_t size, void* out, int64_t n, cudaStream_t s) {
  if (inner < 1 || size < 1) return cudaErrorInvalidValue;
  return dispatch(t, [&](auto tag) {
    using S = typename decltype(tag)::T;
    return launched(n, [&] { iotaKernel<S><<<blocksFor(n), kThreads, 0, s>>>(inner, size, static_cast<S*>(out), n); });
  });
}

template <class W>
cudaError_t copyAs(const CopyDesc& d, const void* src, void* dst, cudaStream_t s) {
  return launched(d.total, [&] { copyKernel<W><<<blocksFor(d.total), kThreads, 0, s>>>(d, static_cast<const W*>(src), static_cast<W*>(dst)); });
}

cudaError_t copy(int bytes, const CopyDesc& d, const void* src, void* dst, cudaStream_t s) {
  if (d.rank < 0 || d.rank > kMaxRank) return cudaErrorInvalidValue;
  for (int k = 0; k < d.rank; ++k)
    if (d.shape[k] < 1) return cudaErrorInvalidValue;
  switch (bytes) {
    case 1: return copyAs<uint8_t>(d, src, dst, s);
    case 2: return copyAs<uint16_t>(d, src, dst, s);
    case 4: return copyAs<uint32_t>(d, src, dst, s);
    case 8: return copyAs<uint64_t>(d, src, dst, s);
    case 16:
      return copyAs<Bytes16>(d, src, dst, s);
    default: return cudaErrorInvalidValue;
  }
}

template <class W>
cudaError_t fillAs(const void* value, void* out, int64_t n, cudaStream_t s) {
  return launched(n, [&] { fillKernel<W><<<blocksFor(n), kThreads, 0, s>>>(static_cast<const W*>(value), static_cast<W*>(out), n); });
}

cudaError_t fill(int bytes, const void* value, void* out, int64_t n, cudaStream_t s) {
  switch (bytes) {
    case 1: return fillAs<uint8_t>(value, out, n, s);
    case 2: return fillAs<uint16_t>(value, out, n, s);
    case 4: return fillAs<uint32_t>(value, out, n, s);
    case 8: return fillAs<uint64_t>(value, out, n, s);
    case 16:
      return fillAs<Bytes16>(value, out, n, s);
    default: return cudaErrorInvalidValue;
  }
}

cudaError_t dotInteger(DType t, const void* a, const void* b, void* out, int64_t batch, int64_t m, int64_t n, int64_t k,
                       cudaStream_t s) {
  if (batch < 0 || m < 0 || n < 0 || k < 0) return cudaErrorInvalidValue;
  const int64_t total = batch * m * n;
  return dispatch(t, [&](auto tag) -> cudaError_t {
    using S = typename decltype(tag)::T;
    if constexpr (Kind<S>::v == 0) {
      return cudaErrorInvalidValue;  // floats go through cuBLASLt
    } else {
      return launched(total, [&] {
        dotIntegerKernel<S><<<blocksFor(total), kThreads, 0, s>>>(static_cast<const S*>(a), static_cast<const S*>(b),
                                                                   static_cast<S*>(out), m, n, k, total);
      });
    }
  });
}

cudaError_t reduce(DType t, RedOp op, const void* in, const void* init, void* out, const ReduceDesc& d, cudaStream_t s) {
  if (d.kept_rank < 0 || d.kept_rank > kMaxRank || d.reduced_rank < 0 || d.reduced_rank > kMaxRank) return cudaErrorInvalidValue;
  const unsigned blocks = static_cast<unsigned>(d.outputs < 65536 ? (d.outputs < 1 ? 1 : d.outputs) : 65536);
  return dispatch(t, [&](auto tag) {
    using S = typename decltype(tag)::T;
    return launched(d.outputs, [&] {
      reduceKernel<S><<<blocks, kThreads, 0, s>>>(op, static_cast<const S*>(in), static_cast<const S*>(init), static_cast<S*>(out), d);
    });
  });
}

cudaError_t reduceWindow(DType t, RedOp op, const void* in, const void* init, void* out, const WindowDesc& d, cudaStream_t s) {
  if (d.rank < 0 || d.rank > kMaxWindowRank) return cudaErrorInvalidValue;
  return dispatch(t, [&](auto tag) {
    using S = typename decltype(tag)::T;
    return launched(d.outputs, [&] {
      reduceWindowKernel<S>
          <<<blocksFor(d.outputs), kThreads, 0, s>>>(op, static_cast<const S*>(in), static_cast<const S*>(init), static_cast<S*>(out), d);
    });
  });
}

cudaError_t sortOrder(const SortDesc& d, const void* keys, int64_t* a, int64_t* b, int64_t** sorted, cudaStream_t s) {
  *sorted = a;
  const int64_t total = d.slices * d.length;
  if (total <= 0) return cudaSuccess;
  sortStartKernel<<<blocksFor(total), kThreads, 0, s>>>(a, d.length, total);
  if (cudaError_t e = cudaGetLastError(); e != cudaSuccess) return e;
  return dispatch(d.key_type, [&](auto tag) -> cudaError_t {
    using S = typename decltype(tag)::T;
    int64_t* from = a;
    int64_t* to = b;
    for (int64_t width = 1; width < d.length; width *= 2) {
      const int64_t merges = (d.length + 2 * width - 1) / (2 * width);
      sortPassKernel<S><<<blocksFor(d.slices * merges), kThreads, 0, s>>>(d, static_cast<const S*>(keys), from, to, width, merges);
      if (cudaError_t e = cudaGetLastError(); e != cudaSuccess) return e;
      int64_t* swap = from;
      from = to;
      to = swap;
    }
    *sorted = from;
    return cudaSuccess;
  });
}

cudaError_t permute(int bytes, const SortDesc& d, const int64_t* order, const void* src, void* dst, cudaStream_t s) {
  const int64_t total = d.slices * d.length;
  auto go = [&](auto tag) {
    using W = typename decltype(tag)::T;
    return launched(
        total, [&] { permuteKernel<W><<<blocksFor(total), kThreads, 0, s>>>(d, order, static_cast<const W*>(src), static_cast<W*>(dst)); });
  };
  switch (bytes) {
    case 1:
      return go(Tag<uint8_t>{});
    case 2:
      return go(Tag<uint16_t>{});
    case 4:
      return go(Tag<uint32_t>{});
    case 8:
      return go(Tag<uint64_t>{});
    case 16:
      return go(Tag<Bytes16>{});
    default:
      return cudaErrorInvalidValue;
  }
}

cudaError_t rngBits(const plan::rng::BitsLayout& layout, int bytes, uint64_t mask, const uint64_t* state, void* out, uint64_t* next,
                    cudaStream_t s) {
  if (bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8) return cudaErrorInvalidValue;
  const int64_t blocks = plan::rng::blockCount(layout);
  // One launch even with no output elements: the state still advances (by nothing) into `next`.
  rngBitsKernel<<<blocksFor(blocks), kThreads, 0, s>>>(layout, bytes, mask, state, out, next, blocks);
  return cudaGetLastError();
}

cudaError_t topK(DType t, const int64_t* order, const void* x, void* values, void* indices, int index_bytes, int64_t n, int64_t k,
                 int64_t rows, cudaStream_t s) {
  const int64_t total = rows * k;
  return dispatch(t, [&](auto tag) {
    using S = typename decltype(tag)::T;
    return launched(total, [&] {
      topKKernel<S><<<blocksFor(total), kThreads, 0, s>>>(order, static_cast<const S*>(x), static_cast<S*>(values), indices, index_bytes, n,
                                                          k, total);
    });
  });
}

cudaError_t complexMultiply(DType part, const void* x, const void* y, void* out, int64_t n, cudaStream_t s) {
  if (part == kF32)
    return launched(n, [&] {
      complexMultiplyKernel<float>
          <<<blocksFor(n), kThreads, 0, s>>>(static_cast<const float*>(x), static_cast<const float*>(y), static_cast<float*>(out), n);
    });
  if (part == kF64)
    return launched(n, [&] {
      complexMultiplyKernel<double>
          <<<blocksFor(n), kThreads, 0, s>>>(static_cast<const double*>(x), static_cast<const double*>(y), static_cast<double*>(out), n);
    });
  return cudaErrorInvalidValue;
}

cudaError_t compareComplex(DType part, CmpDir dir, const void* x, const void* y, void* out, int64_t n, cudaStream_t s) {
  if (part == kF32)
    return launched(n, [&] {
      compareComplexKernel<float><<<blocksFor(n), kThreads, 0, s>>>(dir, static_cast<const float*>(x), static_cast<const float*>(y),
                                                                    static_cast<uint8_t*>(out), n);
    });
  if (part == kF64)
    return launched(n, [&] {
      compareComplexKernel<double><<<blocksFor(n), kThreads, 0, s>>>(dir, static_cast<const double*>(x), static_cast<const double*>(y),
                                                                     static_cast<uint8_t*>(out), n);
    });
  return cudaErrorInvalidValue;
}

cudaError_t complexAbs(DType part, const void* x, void* out, int64_t n, cudaStream_t s) {
  if (part == kF32)
    return launched(
        n, [&] { complexAbsKernel<float><<<blocksFor(n), kThreads, 0, s>>>(static_cast<const float*>(x), static_cast<float*>(out), n); });
  if (part == kF64)
    return launched(n, [&] {
      complexAbsKernel<double><<<blocksFor(n), kThreads, 0, s>>>(static_cast<const double*>(x), static_cast<double*>(out), n);
    });
  return cudaErrorInvalidValue;
}

cudaError_t rng(DType t, bool normal, const void* a_host, const void* b_host, void* out, int64_t n, cudaStream_t s) {
  return dispatch(t, [&](auto tag) -> cudaError_t {
    using S = typename decltype(tag)::T;
    S a, b;
    memcpy(&a, a_host, sizeof(S));
    memcpy(&b, b_host, sizeof(S));
    if constexpr (Kind<S>::v == 0) {
      const double da = static_cast<double>(Elem<S>::load(a)), db = static_cast<double>(Elem<S>::load(b));
      return launched(n, [&] { rngFloatKernel<S><<<blocksFor(n), kThreads, 0, s>>>(normal, a, da, db, static_cast<S*>(out), n); });
    } else {
      using C = typename Elem<S>::C;
      const C ca = Elem<S>::load(a), cb = Elem<S>::load(b);
      const uint64_t ua = static_cast<uint64_t>(static_cast<int64_t>(ca)), ub = static_cast<uint64_t>(static_cast<int64_t>(cb));
      const uint64_t range = dm::isSigned<C>() ? ub - ua : static_cast<uint64_t>(cb) - static_cast<uint64_t>(ca);
      if (range == 0) return cudaErrorInvalidValue;  // the host refused a >= b
      return launched(n, [&] {
        rngIntegerKernel<S>
            <<<blocksFor(n), kThreads, 0, s>>>(dm::isSigned<C>() ? ua : static_cast<uint64_t>(ca), range, static_cast<S*>(out), n);
      });
    }
  });
}

cudaError_t selectAndScatter(DType t, bool ge, RedOp op, const WindowDesc& d, const void* operand, const void* source, const void* init,
                             int64_t* selected, void* out, int64_t n, cudaStream_t s) {
  if (d.rank < 0 || d.rank > kMaxWindowRank) return cudaErrorInvalidValue;
  return dispatch(t, [&](auto tag) -> cudaError_t {
    using S = typename decltype(tag)::T;
    if (d.outputs > 0) {
      selectWindowsKernel<S><<<blocksFor(d.outputs), kThreads, 0, s>>>(d, ge, static_cast<const S*>(operand), selected);
      if (cudaError_t e = cudaGetLastError(); e != cudaSuccess) return e;
    }
    return launched(n, [&] {
      scatterSelectedKernel<S><<<blocksFor(n), kThreads, 0, s>>>(d, op, selected, static_cast<const S*>(source),
                                                                 static_cast<const S*>(init), static_cast<S*>(out), n);
    });
  });
}

}  // namespace k
}  // namespace hloconf::cuda
