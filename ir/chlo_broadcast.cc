#include "ir/chlo_broadcast.h"

#include <algorithm>
#include <numeric>

#include "absl/strings/str_join.h"
#include "ir/op_views.h"
#include "ir/status_macros.h"
#include "ir/strings.h"

namespace hloconf {
namespace {

struct BroadcastingOp {
  OpId chlo;
  OpId applied;
};
constexpr BroadcastingOp kBroadcasting[] = {
    {OpId::kChloBroadcastAdd, OpId::kAdd},
    {OpId::kChloBroadcastAnd, OpId::kAnd},
    {OpId::kChloBroadcastAtan2, OpId::kAtan2},
    {OpId::kChloBroadcastCompare, OpId::kCompare},
    {OpId::kChloBroadcastComplex, OpId::kComplex},
    {OpId::kChloBroadcastDivide, OpId::kDivide},
    {OpId::kChloBroadcastMaximum, OpId::kMaximum},
    {OpId::kChloBroadcastMinimum, OpId::kMinimum},
    {OpId::kChloBroadcastMultiply, OpId::kMultiply},
    {OpId::kChloBroadcastNextAfter, OpId::kChloNextAfter},
    {OpId::kChloBroadcastOr, OpId::kOr},
    {OpId::kChloBroadcastPolygamma, OpId::kChloPolygamma},
    {OpId::kChloBroadcastPower, OpId::kPower},
    {OpId::kChloBroadcastRemainder, OpId::kRemainder},
    {OpId::kChloBroadcastSelect, OpId::kSelect},
    {OpId::kChloBroadcastShiftLeft, OpId::kShiftLeft},
    {OpId::kChloBroadcastShiftRightArithmetic, OpId::kShiftRightArithmetic},
    {OpId::kChloBroadcastShiftRightLogical, OpId::kShiftRightLogical},
    {OpId::kChloBroadcastSubtract, OpId::kSubtract},
    {OpId::kChloBroadcastXor, OpId::kXor},
    {OpId::kChloBroadcastZeta, OpId::kChloZeta},
};

// The result dimension each operand dimension maps to. chlo.md: numpy-style trailing alignment; with
// `broadcast_dimensions` (two operands of different ranks), that list maps the lower-rank operand's
// dimensions, and the higher-rank operand maps onto the result one to one.
absl::StatusOr<std::vector<std::vector<int64_t>>> broadcastMaps(const Operation& op, const std::vector<int64_t>& ranks, int64_t rank) {
  std::vector<std::vector<int64_t>> maps;
  for (int64_t r : ranks) {
    std::vector<int64_t> map(r);
    std::iota(map.begin(), map.end(), rank - r);
    maps.push_back(std::move(map));
  }
  const Attr* attr = op.attr("broadcast_dimensions");
  if (!attr) return maps;
  const std::optional<std::vector<int64_t>> dims = decode::i64Array(attr->get());
  if (!dims) return absl::InvalidArgumentError("broadcast_dimensions must be a list of integers");
  if (ranks.size() != 2 || ranks[0] == ranks[1]) {
    std::vector<int64_t> identity(rank);
    std::iota(identity.begin(), identity.end(), 0);
    if (*dims == identity) return maps;
    return absl::InvalidArgumentError(strCat("broadcast_dimensions ", absl::StrJoin(*dims, ", "),
                                             " applies to operands of different ranks; with equal ranks it can only be the identity"));
  }
  const size_t lower = ranks[0] < ranks[1] ? 0 : 1;
  if (static_cast<int64_t>(dims->size()) != ranks[lower]) {
    return absl::InvalidArgumentError(
        strCat("broadcast_dimensions has ", dims->size(), " entries, but the lower-rank operand has rank ", ranks[lower]));
  }
  std::vector<bool> used(rank, false);
  for (int64_t d : *dims) {
    if (d < 0 || d >= rank || used[d]) {
      return absl::InvalidArgumentError(strCat("broadcast_dimensions entry ", d, " must be a distinct dimension of the result, in [0, ", rank, ")"));
    }
    used[d] = true;
  }
  maps[lower] = *dims;
  return maps;
}

}  // namespace

std::optional<OpId> chloBroadcastApplied(OpId chlo) {
  const auto* entry = std::find_if(std::begin(kBroadcasting), std::end(kBroadcasting), [&](const BroadcastingOp& b) { return b.chlo == chlo; });
  if (entry == std::end(kBroadcasting)) return std::nullopt;
  return entry->applied;
}

absl::StatusOr<ChloBroadcast> chloBroadcast(const Operation& op, const std::vector<std::vector<int64_t>>& operand_shapes) {
  std::vector<int64_t> ranks;
  int64_t rank = 0;
  for (const auto& shape : operand_shapes) {
    ranks.push_back(static_cast<int64_t>(shape.size()));
    rank = std::max(rank, ranks.back());
  }
  ChloBroadcast out;
  ASSIGN_OR_RETURN(out.maps, broadcastMaps(op, ranks, rank));
  // Each result dimension: the operands' sizes mapped onto it, equal or 1 (numpy's rule).
  out.shape.assign(rank, 1);
  std::vector<bool> set(rank, false);
  for (size_t k = 0; k < operand_shapes.size(); ++k) {
    for (size_t d = 0; d < out.maps[k].size(); ++d) {
      const int64_t size = operand_shapes[k][d], r = out.maps[k][d];
      if (size == 1) continue;
      if (set[r] && out.shape[r] != size) {
        return absl::InvalidArgumentError(strCat("operand ", k, " dimension ", d, " has size ", size, ", which does not broadcast with size ",
                                                 out.shape[r], " of result dimension ", r, " (sizes must be equal or 1)"));
      }
      out.shape[r] = size, set[r] = true;
    }
  }
  return out;
}

}  // namespace hloconf
