// The products and linear algebra family's kernels: dot_general and dot (OpenBLAS GEMM, batch as a loop
// of calls), convolution (im2col + GEMM, products_conv.cc), batch_norm_* (products_batch_norm.cc),
// cholesky and triangular_solve (LAPACKE/CBLAS, products_linalg.cc), fft (FFTW, products_fft.cc).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "executors/cpu/kernels.h"
#include "executors/cpu/products_common.h"
#include "executors/cpu/products_kernels.h"
#include "executors/plan/products_params.h"

namespace hloconf::cpu {
namespace {

using namespace products;  // NOLINT
using plan::DotParams;
using plan::GemmOperand;
using plan::InputRounding;

// --- Input rounding of a dot algorithm (lhs/rhs_precision_type), once from the exact value -------------

// The nearest tf32 value (8 exponent bits, 10 stored mantissa bits, f32's range and subnormals), ties to
// even; beyond the largest finite value, infinity.
double roundToTf32(double v) {
  if (!std::isfinite(v) || v == 0) return v;
  const double a = std::fabs(v);
  if (a < 0x1p-126) return std::nearbyint(v * 0x1p136) * 0x1p-136;  // the subnormal grid, 2^-136 apart
  uint64_t bits;
  std::memcpy(&bits, &v, sizeof(bits));
  constexpr int kDrop = 52 - 10;
  const uint64_t half = (uint64_t{1} << (kDrop - 1)) - 1 + ((bits >> kDrop) & 1);
  bits = (bits + half) & ~((uint64_t{1} << kDrop) - 1);
  double r;
  std::memcpy(&r, &bits, sizeof(r));
  if (std::fabs(r) > 0x1.ffcp127) return std::copysign(INFINITY, v);
  return r;
}

template <class T>
void roundInputs(T* data, int64_t n, InputRounding rounding) {
  if constexpr (std::is_floating_point_v<T>) {
    for (int64_t i = 0; i < n; ++i) {
      const double v = static_cast<double>(data[i]);
      switch (rounding) {
        case InputRounding::kNone: return;
        case InputRounding::kBF16: data[i] = static_cast<T>(bf16ToFloat(roundToBF16(v))); break;
        case InputRounding::kF16: data[i] = static_cast<T>(f16ToFloat(roundToF16(v))); break;
        case InputRounding::kTF32: data[i] = static_cast<T>(roundToTf32(v)); break;
        case InputRounding::kF32: data[i] = static_cast<T>(static_cast<float>(v)); break;
      }
    }
  }
}

// The element type whose storage is T (the floats and complex), for reading operands in place.
template <class T>
constexpr ElementType kNativeType = std::is_same_v<T, float>    ? ElementType::kF32
                                    : std::is_same_v<T, double> ? ElementType::kF64
                                    : std::is_same_v<T, C64>    ? ElementType::kC64
                                    : std::is_same_v<T, C128>   ? ElementType::kC128
                                                                : ElementType::kIndex;

// --- dot_general -----------------------------------------------------------------------------------------

template <class T>
absl::Status dotKernel(const KernelArgs& args) {
  const DotParams& p = args.step.as<DotParams>();
  const ElementType lt = args.operandType(0).elementType(), rt = args.operandType(1).elementType();
  const ElementType ot = args.resultType(0).elementType();
  const int64_t total = p.batch * p.m * p.n;
  if (total == 0) return absl::OkStatus();

  // Operands read in place where the layout and type allow, else packed ([b, m, k] and [b, k, n]).
  auto prepare = [&](int i, ElementType t, GemmOperand direct, InputRounding rounding, const std::vector<int64_t>& shape,
                     const std::vector<int64_t>& strides, std::vector<T>& packed) -> std::pair<const T*, bool> {
    if (std::is_floating_point_v<T> && t == kNativeType<T> && direct != GemmOperand::kPack && rounding == InputRounding::kNone)
      return {reinterpret_cast<const T*>(args.operands[i]), direct == GemmOperand::kTrans};
    int64_t size = 1;
    for (int64_t d : shape) size *= d;
    packed.resize(static_cast<size_t>(size));
    packStrided<T>(args.operands[i], storageBytes(t), shape, strides, rowLoaderFor<T>(t), packed.data());
    roundInputs(packed.data(), size, rounding);
    return {packed.data(), false};
  };
  std::vector<T> lhs_packed, rhs_packed, out_buffer;
  const auto [a, trans_a] = prepare(0, lt, p.lhs_direct, p.lhs_round, p.lhs_shape, p.lhs_strides, lhs_packed);
  const auto [b, trans_b] = prepare(1, rt, p.rhs_direct, p.rhs_round, p.rhs_shape, p.rhs_strides, rhs_packed);
  const bool direct_out = kIsFloating<T> && ot == kNativeType<T>;
  T* c = direct_out ? reinterpret_cast<T*>(args.result()) : (out_buffer.resize(static_cast<size_t>(total)), out_buffer.data());

  const int64_t a_step = p.m * p.k, b_step = p.k * p.n, c_step = p.m * p.n;
  for (int64_t i = 0; i < p.batch; ++i) {
    if (i % 64 == 0) RETURN_IF_ERROR(args.frame.checkDeadline());
    if constexpr (std::is_floating_point_v<T>) {
      gemm(trans_a, trans_b, p.m, p.n, p.k, a + i * a_step, trans_a ? p.m : p.k, b + i * b_step, trans_b ? p.k : p.n,
           c + i * c_step, p.n);
    } else {
      // The loop GEMM (integers, i1, complex) in blocks of rows of about 2^22 multiply-adds, checking the
      // deadline between them.
      const int64_t rows = std::max<int64_t>(1, (int64_t{1} << 22) / std::max<int64_t>(p.n * p.k, 1));
      for (int64_t r = 0; r < p.m; r += rows) {
        RETURN_IF_ERROR(args.frame.checkDeadline());
        gemmPacked(std::min(rows, p.m - r), p.n, p.k, a + i * a_step + r * p.k, b + i * b_step, c + i * c_step + r * p.n, p.n);
      }
    }
  }
  if (!direct_out) rowStorerFor<T>(ot)(c, total, args.result());
  return absl::OkStatus();
}

absl::StatusOr<KernelChoice> chooseDot(const plan::Step& step, const plan::Plan& plan) {
  const DotParams& p = step.as<DotParams>();
  const ElementType lt = plan.slot_types[step.operands[0]].elementType();
  const ElementType rt = plan.slot_types[step.operands[1]].elementType();
  const ElementType ot = plan.slot_types[step.results[0]].elementType();
  const ElementType operands[] = {lt, rt};
  const Compute compute = computeFor(operands, ot, p.accumulate_f64);
  Kernel kernel = visitCompute<Kernel>(compute, [](auto t) -> Kernel { return &dotKernel<decltype(t)>; });
  if (!kernel) return noKernelFor(step, plan);
  return KernelChoice{kernel, false};
}

constexpr KernelFamilyEntry kKernels[] = {
    {OpId::kDotGeneral, chooseDot},
    {OpId::kDot, chooseDot},
    {OpId::kConvolution, chooseConvolution},
    {OpId::kDynamicConv, chooseConvolution},
    {OpId::kBatchNormInference, chooseBatchNormInference},
    {OpId::kBatchNormTraining, chooseBatchNormTraining},
    {OpId::kBatchNormGrad, chooseBatchNormGrad},
    {OpId::kCholesky, chooseCholesky},
    {OpId::kTriangularSolve, chooseTriangularSolve},
    {OpId::kFft, chooseFft},
    {OpId::kChloRaggedDot, chooseRaggedDot},
};

}  // namespace

std::span<const KernelFamilyEntry> productsKernels() { return kKernels; }

}  // namespace hloconf::cpu
