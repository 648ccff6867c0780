// The host side of the CUDA executor's sort (sort_desc.h): the plan's SortParams as a SortDesc.
#ifndef HLOCONF_EXECUTORS_CUDA_SORT_PLAN_H_
#define HLOCONF_EXECUTORS_CUDA_SORT_PLAN_H_

#include <cstdint>

#include "absl/status/statusor.h"
#include "executors/cuda/sort_desc.h"
#include "executors/plan/movement_params.h"
#include "ir/strings.h"

namespace hloconf::cuda {

// `shape`: the operands' shape; `key`: the key operand's element type.
inline absl::StatusOr<SortDesc> sortDescFrom(const plan::SortParams& p, const std::vector<int64_t>& shape, DType key) {
  if (!p.native)
    return absl::UnimplementedError("the cuda executor sorts with a comparator that is one compare of one operand's two arguments only");
  if (p.dimension < 0 || static_cast<size_t>(p.dimension) >= shape.size()) return absl::InternalError("sort's dimension is out of range");
  const bool float_key = key == kF16 || key == kBF16 || key == kF32 || key == kF64;
  const bool float_kind = p.kind == plan::CompareKind::kFloat || p.kind == plan::CompareKind::kTotalOrder;
  if (float_key != float_kind && key != kPred)
    return absl::UnimplementedError("a sort comparator whose compare ordering does not suit its key's type");
  SortDesc d;
  d.length = shape[static_cast<size_t>(p.dimension)];
  for (size_t k = static_cast<size_t>(p.dimension) + 1; k < shape.size(); ++k) d.stride *= shape[k];
  int64_t elements = 1;
  for (int64_t extent : shape) elements *= extent;
  d.slices = d.length == 0 ? 0 : elements / d.length;
  d.key_type = key;
  // comparator(lhs, rhs) = compare(rhs_k, lhs_k) with D is compare(lhs_k, rhs_k) with D's mirror image.
  plan::CompareDirection direction = p.direction;
  if (p.swapped) {
    switch (direction) {
      case plan::CompareDirection::kLT:
        direction = plan::CompareDirection::kGT;
        break;
      case plan::CompareDirection::kGT:
        direction = plan::CompareDirection::kLT;
        break;
      case plan::CompareDirection::kLE:
        direction = plan::CompareDirection::kGE;
        break;
      case plan::CompareDirection::kGE:
        direction = plan::CompareDirection::kLE;
        break;
      default:
        break;  // EQ, NE are symmetric
    }
  }
  d.dir = static_cast<CmpDir>(static_cast<int>(direction));
  d.kind = static_cast<CmpKind>(static_cast<int>(p.kind));
  return d;
}

}  // namespace hloconf::cuda

#endif  // HLOCONF_EXECUTORS_CUDA_SORT_PLAN_H_
