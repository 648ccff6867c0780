// chlo.ragged_dot (docs/design/chlo.md, "ragged_dot"): each result element is a sum of products, as
// dot_general's, over the contracting positions its group allows. Group i of a group_sizes row covers the
// positions [s_i, s_i + size_i) of the ragged dimension (s_i the sum of the sizes before it):
// - mode 1 (ragged non-contracting): the lhs row's group picks the rhs slice along the group dimension;
// - mode 2 (ragged contracting): result slice g sums only the products whose ragged index is in group g;
// - mode 3 (ragged batch): a batch in a group is dot_general's.
// A row or batch in no group is +0, a group with no products too. The operands are converted once to the
// compute type of dot_general (products_common.h: f32 for f32/f16/bf16, f64, complex, the result's
// integer width with wrap-around, OR of ANDs for i1), summed in order of the contracting positions, and
// rounded once to the result type. A plain loop: the op is not a speed target (ragged GEMMs would batch
// each group's rows into one GEMM call).
#include <complex>
#include <cstdint>
#include <vector>

#include "executors/cpu/products_common.h"
#include "executors/cpu/products_kernels.h"
#include "executors/plan/products_params.h"
#include "ir/index_space.h"
#include "ir/op_views.h"
#include "ir/strings.h"

namespace hloconf::cpu::products {
namespace {

using plan::RaggedDotParams;
using Mode = RaggedDotOp::Mode;

// acc += a * b in the compute type: integers modulo 2^width (through uint64_t, no signed overflow), i1 as
// OR of ANDs, complex by the textbook product (as gemmLoop).
template <class T>
void multiplyAdd(T& acc, T a, T b) {
  if constexpr (std::is_same_v<T, Truth>) {
    acc.v |= a.v & b.v;
  } else if constexpr (kIsComplex<T>) {
    acc += T(a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real());
  } else if constexpr (std::is_integral_v<T>) {
    acc = static_cast<T>(static_cast<uint64_t>(acc) + static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
  } else {
    acc += a * b;
  }
}

// The group of position `p` in a row of group sizes, or -1 past the last group.
int64_t groupOf(const int64_t* sizes, int64_t groups, int64_t p) {
  for (int64_t i = 0; i < groups; ++i) {
    if (p < sizes[i]) return i;
    p -= sizes[i];
  }
  return -1;
}

template <class T>
absl::Status raggedDotKernel(const KernelArgs& args) {
  const RaggedDotParams& p = args.step.as<RaggedDotParams>();
  const ElementType lt = args.operandType(0).elementType(), rt = args.operandType(1).elementType();
  const ElementType gt = args.operandType(2).elementType(), ot = args.resultType(0).elementType();
  const int64_t l_count = args.operandType(0).numElements(), r_count = args.operandType(1).numElements();
  const int64_t g_count = args.operandType(2).numElements();
  std::vector<T> lhs(static_cast<size_t>(l_count)), rhs(static_cast<size_t>(r_count));
  rowLoaderFor<T>(lt)(args.operands[0], 1, l_count, lhs.data());
  rowLoaderFor<T>(rt)(args.operands[1], 1, r_count, rhs.data());
  // group_sizes as counts. A negative size would make groups overlap or run backwards: an error, as in the
  // reference. A ui64 size past 2^63 is beyond every dimension either way.
  std::vector<int64_t> sizes(static_cast<size_t>(g_count));
  rowLoaderFor<int64_t>(gt)(args.operands[2], 1, g_count, sizes.data());
  for (int64_t i = 0; i < g_count; ++i) {
    if (sizes[i] >= 0) continue;
    if (!isUnsignedInteger(gt)) return absl::InvalidArgumentError(strCat("group_sizes has the negative entry ", sizes[i], " at flat index ", i));
    sizes[i] = INT64_MAX / 2;
  }

  const Mode mode = static_cast<Mode>(p.mode);
  const int64_t positions = static_cast<int64_t>(p.lhs_offsets.size());
  const int64_t total = numElements(p.result_shape);
  std::vector<T> out(static_cast<size_t>(total));
  std::vector<int64_t> index(p.result_shape.size(), 0);
  // The group_sizes row of the element at `index` (in mode 2 also of contracting position `k`).
  auto row = [&](int64_t k) {
    int64_t offset = 0;
    for (size_t i = 0; i < p.prefix_stride.size(); ++i) {
      const int64_t coordinate = p.prefix_result_dim[i] >= 0 ? index[p.prefix_result_dim[i]]
                                                               : p.coordinates[k * p.contracting_rank + p.prefix_contracting_pos[i]];
      offset += coordinate * p.prefix_stride[i];
    }
    return sizes.data() + offset;
  };
  for (int64_t o = 0; o < total; ++o) {
    if (o % 4096 == 0) RETURN_IF_ERROR(args.frame.checkDeadline());
    const int64_t lbase = linearOffset(index, p.lhs_step);
    int64_t rbase = linearOffset(index, p.rhs_step);
    T acc{};
    switch (mode) {
      case Mode::kNonContracting: {  // mode 1: the lhs row's group picks the rhs slice; no group, zeros
        const int64_t g = groupOf(row(0), p.groups, index[p.ragged_result_dim]);
        if (g < 0) break;
        rbase += g * p.rhs_group_stride;
        for (int64_t k = 0; k < positions; ++k) multiplyAdd(acc, lhs[lbase + p.lhs_offsets[k]], rhs[rbase + p.rhs_offsets[k]]);
        break;
      }
      case Mode::kBatch:  // mode 3: dot_general's, or zeros for a batch in no group
        if (groupOf(row(0), p.groups, index[p.ragged_result_dim]) < 0) break;
        for (int64_t k = 0; k < positions; ++k) multiplyAdd(acc, lhs[lbase + p.lhs_offsets[k]], rhs[rbase + p.rhs_offsets[k]]);
        break;
      case Mode::kContracting:  // mode 2: only the products of group index[0]
        for (int64_t k = 0; k < positions; ++k) {
          if (groupOf(row(k), p.groups, p.coordinates[k * p.contracting_rank + p.ragged_contracting_pos]) != index[0]) continue;
          multiplyAdd(acc, lhs[lbase + p.lhs_offsets[k]], rhs[rbase + p.rhs_offsets[k]]);
        }
        break;
    }
    out[static_cast<size_t>(o)] = acc;
    nextIndex(index, p.result_shape);
  }
  rowStorerFor<T>(ot)(out.data(), total, args.result());
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<KernelChoice> chooseRaggedDot(const plan::Step& step, const plan::Plan& plan) {
  const ElementType operands[] = {plan.slot_types[step.operands[0]].elementType(), plan.slot_types[step.operands[1]].elementType()};
  const Compute compute = computeFor(operands, plan.slot_types[step.results[0]].elementType());
  Kernel kernel = visitCompute<Kernel>(compute, [](auto t) -> Kernel { return &raggedDotKernel<decltype(t)>; });
  if (!kernel) return noKernelFor(step, plan);
  return KernelChoice{kernel, false};
}

}  // namespace hloconf::cpu::products
