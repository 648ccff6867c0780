// The collective family's kernels. Each process of a parallel run (runGrid) runs the same program in its
// own thread; at a collective every process offers pointers to its operands at the grid's rendezvous,
// computes its own results from its group's offers, and leaves only when every process has read them.
// A run outside a grid is a grid of one (cpu::run makes it).
#include <algorithm>
#include <cstring>
#include <vector>

#include "executors/cpu/combine.h"
#include "executors/cpu/kernels.h"
#include "executors/cpu/process_grid.h"
#include "executors/plan/collective_params.h"
#include "absl/strings/str_join.h"
#include "ir/strings.h"

namespace hloconf::cpu {
namespace {

using plan::CollectiveParams;
using plan::GroupStrategy;
using Groups = std::vector<std::vector<int64_t>>;  // process groups, as process ids

int64_t numReplicas(const KernelArgs& args) { return args.frame.options().grid->replicas(); }
int64_t numPartitions(const KernelArgs& args) { return args.frame.options().grid->partitions(); }
int64_t self(const KernelArgs& args) { return args.frame.options().process; }

// The spec's strategies ("Collective ops"): the process groups of `params` on this run's grid.
absl::StatusOr<Groups> processGroups(const KernelArgs& args, const CollectiveParams& params) {
  const int64_t R = numReplicas(args), P = numPartitions(args);
  const int64_t limit = params.strategy == GroupStrategy::kCrossPartition ? P
                        : params.strategy == GroupStrategy::kFlattenedIds ? R * P
                                                                           : R;
  for (const auto& row : params.rows)
    for (int64_t id : row)
      if (id < 0 || id >= limit)
        return absl::InvalidArgumentError(strCat(args.step.location, ": ", opName(args.step.op), ": id ", id,
                                                 " is outside the process grid of ", R, "x", P, " processes"));
  Groups groups;
  for (const auto& row : params.rows) {
    switch (params.strategy) {
      case GroupStrategy::kCrossReplica:
        for (int64_t p = 0; p < P; ++p) {
          std::vector<int64_t>& group = groups.emplace_back();
          for (int64_t r : row) group.push_back(r * P + p);
        }
        break;
      case GroupStrategy::kCrossPartition:
        for (int64_t r = 0; r < R; ++r) {
          std::vector<int64_t>& group = groups.emplace_back();
          for (int64_t p : row) group.push_back(r * P + p);
        }
        break;
      case GroupStrategy::kCrossReplicaAndPartition: {
        std::vector<int64_t>& group = groups.emplace_back();
        for (int64_t p = 0; p < P; ++p)
          for (int64_t r : row) group.push_back(r * P + p);
        break;
      }
      case GroupStrategy::kFlattenedIds:
        groups.push_back(row);
        break;
    }
  }
  return groups;
}

const std::vector<int64_t>* groupOf(const Groups& groups, int64_t process) {
  for (const auto& group : groups)
    if (std::find(group.begin(), group.end(), process) != group.end()) return &group;
  return nullptr;
}

absl::StatusOr<std::vector<int64_t>> requireGroup(const KernelArgs& args) {
  ASSIGN_OR_RETURN(Groups groups, processGroups(args, args.step.as<CollectiveParams>()));
  const std::vector<int64_t>* group = groupOf(groups, self(args));
  if (!group)
    return absl::InvalidArgumentError(strCat(args.step.location, ": ", opName(args.step.op), ": process ", self(args),
                                             " is in no process group of this op"));
  return *group;
}

// The rendezvous of one collective: every process's operand pointers by process id, until leave().
class Rendezvous {
 public:
  explicit Rendezvous(const KernelArgs& args) : args_(args) {}
  absl::Status meet() {
    std::vector<const uint8_t*> mine(args_.operands.begin(), args_.operands.end());
    ASSIGN_OR_RETURN(offers_, args_.frame.options().grid->exchange(self(args_), std::move(mine), args_.frame.options().deadline));
    return absl::OkStatus();
  }
  // Operand i of process `process`.
  const uint8_t* operand(int64_t process, size_t i) const { return (*offers_)[static_cast<size_t>(process)][i]; }
  absl::Status leave() { return args_.frame.options().grid->leave(self(args_), args_.frame.options().deadline); }

 private:
  const KernelArgs& args_;
  const std::vector<std::vector<const uint8_t*>>* offers_ = nullptr;
};

// Copies `length` slices along dimension `d` from `src` (extent src_extent there, starting at src_start)
// to `dst` (extent dst_extent, starting at dst_start); the other dimensions of the two agree with `shape`.
void copyAlong(const uint8_t* src, int64_t src_extent, int64_t src_start, uint8_t* dst, int64_t dst_extent,
               int64_t dst_start, int64_t length, const std::vector<int64_t>& shape, size_t d, size_t element_bytes) {
  int64_t outer = 1, inner = static_cast<int64_t>(element_bytes);
  for (size_t k = 0; k < d; ++k) outer *= shape[k];
  for (size_t k = d + 1; k < shape.size(); ++k) inner *= shape[k];
  if (length * inner == 0) return;  // nothing to copy; empty tensors have no buffer
  for (int64_t o = 0; o < outer; ++o)
    std::memcpy(dst + (o * dst_extent + dst_start) * inner, src + (o * src_extent + src_start) * inner,
                static_cast<size_t>(length * inner));
}

// --- all_reduce and reduce_scatter: the group's operand i combined element by element, in group order --------

// Writes the combination of operand i over `group` into `out`; natively for a recognised body op.
template <class E, BodyOp B>
absl::Status combineNative(const KernelArgs&, const Rendezvous& rendezvous, const std::vector<int64_t>& group, size_t i,
                           int64_t elements, uint8_t* out) {
  using S = typename E::Storage;
  S* result = reinterpret_cast<S*>(out);
  const S* first = reinterpret_cast<const S*>(rendezvous.operand(group[0], i));
  std::vector<typename E::Compute> acc(static_cast<size_t>(elements));
  for (int64_t e = 0; e < elements; ++e) acc[e] = E::load(first[e]);
  for (size_t m = 1; m < group.size(); ++m) {
    const S* x = reinterpret_cast<const S*>(rendezvous.operand(group[m], i));
    for (int64_t e = 0; e < elements; ++e) acc[e] = combine<E, B>(acc[e], E::load(x[e]));
  }
  for (int64_t e = 0; e < elements; ++e) result[e] = E::store(acc[e]);
  return absl::OkStatus();
}

absl::Status combineByRegion(const KernelArgs& args, const Rendezvous& rendezvous, const std::vector<int64_t>& group,
                             size_t i, int64_t elements, uint8_t* out) {
  const std::vector<size_t> bytes = {static_cast<size_t>(storageBytes(args.resultType(i).elementType()))};
  std::memcpy(out, rendezvous.operand(group[0], i), static_cast<size_t>(elements) * bytes[0]);
  BodyRunner body(args, 0, 1);
  for (size_t m = 1; m < group.size(); ++m) {
    RETURN_IF_ERROR(args.frame.checkDeadline());
    for (int64_t e = 0; e < elements; ++e) {
      uint8_t* acc = out + e * bytes[0];
      const uint8_t* value = rendezvous.operand(group[m], i) + e * bytes[0];
      RETURN_IF_ERROR(body.combine(&acc, &value, bytes));
    }
  }
  return absl::OkStatus();
}

using CombineFn = absl::Status (*)(const KernelArgs&, const Rendezvous&, const std::vector<int64_t>&, size_t, int64_t, uint8_t*);

// The combination of every operand over this process's group: into the results (all_reduce), or into a
// whole-operand buffer whose block along scatter_dimension is this process's result (reduce_scatter).
template <CombineFn combineFn, bool kScatter>
absl::Status reduceCollective(const KernelArgs& args) {
  ASSIGN_OR_RETURN(std::vector<int64_t> group, requireGroup(args));
  Rendezvous rendezvous(args);
  RETURN_IF_ERROR(rendezvous.meet());
  const auto& params = args.step.as<CollectiveParams>();
  absl::Status status;
  for (size_t i = 0; i < args.operands.size() && status.ok(); ++i) {
    const Type& operand = args.operandType(i);
    if (!kScatter) {
      status = combineFn(args, rendezvous, group, i, operand.numElements(), args.results[i]);
      continue;
    }
    const std::vector<int64_t>& shape = operand.shape();
    const size_t d = static_cast<size_t>(params.dimension);
    const int64_t block = shape[d] / static_cast<int64_t>(group.size());
    if (block * static_cast<int64_t>(group.size()) != shape[d] || args.resultType(i).shape()[d] != block) {
      status = absl::InvalidArgumentError(strCat(args.step.location, ": reduce_scatter: dimension ", d, " of size ", shape[d],
                                                 " does not split into ", group.size(), " blocks of the result's size (spec: reduce_scatter (C8))"));
      break;
    }
    const ElementType element = args.resultType(i).elementType();  // the computation's (a promoted operand is converted)
    Buffer whole(static_cast<size_t>(operand.numElements() * storageBytes(element)));
    status = combineFn(args, rendezvous, group, i, operand.numElements(), whole.data());
    const int64_t index = std::find(group.begin(), group.end(), self(args)) - group.begin();
    if (status.ok())
      copyAlong(whole.data(), shape[d], index * block, args.results[i], block, 0, block, shape, d,
                static_cast<size_t>(storageBytes(element)));
  }
  absl::Status left = rendezvous.leave();
  return status.ok() ? left : status;
}

template <class E, BodyOp B>
struct AllReduce {
  static absl::Status run(const KernelArgs& args) { return reduceCollective<&combineNative<E, B>, false>(args); }
};
template <class E, BodyOp B>
struct ReduceScatter {
  static absl::Status run(const KernelArgs& args) { return reduceCollective<&combineNative<E, B>, true>(args); }
};

// --- all_gather, all_to_all --------------------------------------------------------------------------------

absl::Status allGatherKernel(const KernelArgs& args) {
  ASSIGN_OR_RETURN(std::vector<int64_t> group, requireGroup(args));
  const size_t d = static_cast<size_t>(args.step.as<CollectiveParams>().dimension);
  for (size_t i = 0; i < args.operands.size(); ++i)
    if (args.resultType(i).shape()[d] != args.operandType(i).shape()[d] * static_cast<int64_t>(group.size()))
      return absl::InvalidArgumentError(strCat(args.step.location, ": all_gather: result ", i, " must be the group's ", group.size(),
                                               " operands concatenated (spec: all_gather (C6))"));
  Rendezvous rendezvous(args);
  RETURN_IF_ERROR(rendezvous.meet());
  for (size_t i = 0; i < args.operands.size(); ++i) {
    const std::vector<int64_t>& shape = args.operandType(i).shape();
    const int64_t extent = shape[d], total = extent * static_cast<int64_t>(group.size());
    for (size_t m = 0; m < group.size(); ++m)
      copyAlong(rendezvous.operand(group[m], i), extent, 0, args.results[i], total, static_cast<int64_t>(m) * extent, extent,
                shape, d, static_cast<size_t>(storageBytes(args.operandType(i).elementType())));
  }
  return rendezvous.leave();
}

absl::Status allToAllKernel(const KernelArgs& args) {
  ASSIGN_OR_RETURN(std::vector<int64_t> group, requireGroup(args));
  const auto& params = args.step.as<CollectiveParams>();
  const size_t split = static_cast<size_t>(params.dimension), concat = static_cast<size_t>(params.concat_dimension);
  const int64_t n = static_cast<int64_t>(group.size());
  for (size_t i = 0; i < args.operands.size(); ++i) {
    std::vector<int64_t> expected = args.operandType(i).shape();
    if (expected[split] % n != 0)
      return absl::InvalidArgumentError(strCat(args.step.location, ": all_to_all: dimension ", split, " does not split into ", n,
                                               " parts (spec: all_to_all (C2))"));
    expected[split] /= n;
    expected[concat] *= n;
    if (args.resultType(i).shape() != expected)
      return absl::InvalidArgumentError(strCat(args.step.location, ": all_to_all: result ", i, " must have shape [",
                                               absl::StrJoin(expected, ", "), "] (spec: all_to_all (C5))"));
  }
  Rendezvous rendezvous(args);
  RETURN_IF_ERROR(rendezvous.meet());
  const int64_t index = std::find(group.begin(), group.end(), self(args)) - group.begin();
  for (size_t i = 0; i < args.operands.size(); ++i) {
    const size_t bytes = static_cast<size_t>(storageBytes(args.operandType(i).elementType()));
    const std::vector<int64_t>& shape = args.operandType(i).shape();
    std::vector<int64_t> part = shape;
    part[split] /= n;
    Buffer piece(static_cast<size_t>(plan::slotBytes(Type::tensor(part, Type::element(args.operandType(i).elementType())))));
    for (int64_t m = 0; m < n; ++m) {
      // Sender m's part `index` along split_dimension, then placed as part m along concat_dimension.
      copyAlong(rendezvous.operand(group[m], i), shape[split], index * part[split], piece.data(), part[split], 0, part[split],
                shape, split, bytes);
      copyAlong(piece.data(), part[concat], 0, args.results[i], part[concat] * n, m * part[concat], part[concat], part, concat, bytes);
    }
  }
  return rendezvous.leave();
}

// --- collective_permute, collective_broadcast ---------------------------------------------------------------

absl::Status collectivePermuteKernel(const KernelArgs& args) {
  ASSIGN_OR_RETURN(Groups pairs, processGroups(args, args.step.as<CollectiveParams>()));
  Rendezvous rendezvous(args);
  RETURN_IF_ERROR(rendezvous.meet());
  int64_t source = -1;
  for (const auto& pair : pairs)
    if (pair[1] == self(args)) source = pair[0];
  for (size_t i = 0; i < args.operands.size(); ++i) {
    const size_t bytes = static_cast<size_t>(plan::slotBytes(args.resultType(i)));
    if (source < 0) std::memset(args.results[i], 0, bytes);  // no process sends to this one: zeros
    else std::memcpy(args.results[i], rendezvous.operand(source, i), bytes);
  }
  return rendezvous.leave();
}

absl::Status collectiveBroadcastKernel(const KernelArgs& args) {
  ASSIGN_OR_RETURN(Groups groups, processGroups(args, args.step.as<CollectiveParams>()));
  const std::vector<int64_t>* group = groupOf(groups, self(args));
  Rendezvous rendezvous(args);
  RETURN_IF_ERROR(rendezvous.meet());
  for (size_t i = 0; i < args.operands.size(); ++i) {
    const size_t bytes = static_cast<size_t>(plan::slotBytes(args.resultType(i)));
    if (!group) std::memset(args.results[i], 0, bytes);  // in no group: zeros
    else std::memcpy(args.results[i], rendezvous.operand(group->front(), i), bytes);
  }
  return rendezvous.leave();
}

// --- replica_id, partition_id ---------------------------------------------------------------------------

template <bool kReplica>
absl::Status processIdKernel(const KernelArgs& args) {
  const uint32_t id = static_cast<uint32_t>(kReplica ? self(args) / numPartitions(args) : self(args) % numPartitions(args));
  std::memcpy(args.result(), &id, sizeof id);
  return absl::OkStatus();
}

// --- Tokens: after_all, create_token, infeed, outfeed, send, recv -----------------------------------------------

// A token carries no value: after_all and create_token only order effects, which run in program order.
absl::Status tokenKernel(const KernelArgs&) { return absl::OkStatus(); }

// outfeed: the protocol carries no outfeed back to the harness, so the values go nowhere (the case's
// results are what is compared).
absl::Status outfeedKernel(const KernelArgs&) { return absl::OkStatus(); }

// The results but the last (the token) take `values`, which must match their types.
absl::Status fillResults(const KernelArgs& args, size_t count, auto&& bytesOf, std::string_view what) {
  if (count != args.results.size() - 1)
    return absl::InvalidArgumentError(strCat(args.step.location, ": ", opName(args.step.op), ": ", what, " has ", count,
                                             " values for ", args.results.size() - 1, " results"));
  for (size_t i = 0; i < count; ++i) {
    const std::span<const uint8_t> bytes = bytesOf(i);
    if (static_cast<int64_t>(bytes.size()) != plan::slotBytes(args.resultType(i)))
      return absl::InvalidArgumentError(strCat(args.step.location, ": ", opName(args.step.op), ": ", what, " value ", i,
                                               " does not have result ", i, "'s type ", args.resultType(i).toString()));
    if (!bytes.empty()) std::memcpy(args.results[i], bytes.data(), bytes.size());  // empty: data() may be null
  }
  return absl::OkStatus();
}

absl::Status infeedKernel(const KernelArgs& args) {
  ASSIGN_OR_RETURN(const std::vector<Tensor>* entry, args.frame.options().grid->takeInfeed());
  for (size_t i = 0; i < entry->size() && i + 1 < args.results.size(); ++i)
    if ((*entry)[i].type() != args.resultType(i))
      return absl::InvalidArgumentError(strCat(args.step.location, ": stablehlo.infeed: the entry's value ", i, " is ",
                                               (*entry)[i].type().toString(), ", the result is ", args.resultType(i).toString()));
  return fillResults(args, entry->size(), [&](size_t i) { return std::span<const uint8_t>((*entry)[i].bytes()); }, "the infeed entry");
}

absl::Status sendKernel(const KernelArgs& args) {
  if (args.step.as<CollectiveParams>().to_host) return absl::OkStatus();  // to the host: a sink, like outfeed
  std::vector<Buffer> values;
  for (size_t i = 0; i + 1 < args.operands.size(); ++i)
    values.emplace_back(args.operands[i], args.operands[i] + plan::slotBytes(args.operandType(i)));
  args.frame.options().grid->send(args.step.as<CollectiveParams>().channel, std::move(values));
  return absl::OkStatus();
}

absl::Status recvKernel(const KernelArgs& args) {
  ASSIGN_OR_RETURN(std::vector<Buffer> values,
                   args.frame.options().grid->receive(args.step.as<CollectiveParams>().channel, args.frame.options().deadline));
  return fillResults(args, values.size(), [&](size_t i) { return std::span<const uint8_t>(values[i]); }, "the message");
}

// --- Choosers ---------------------------------------------------------------------------------------------

template <template <class, BodyOp> class Kern, CombineFn byRegion, bool kScatter>
absl::StatusOr<KernelChoice> chooseReduction(const plan::Step& step, const plan::Plan& plan) {
  for (size_t i = 0; i < step.operands.size(); ++i) {
    const ElementType from = plan.slot_types[step.operands[i]].elementType(), to = plan.slot_types[step.results[i]].elementType();
    if (from != to && !widenFor(from, to)) return noKernelFor(step, plan);
  }
  Kernel kernel = nativeOrWidened<Kern, 0>(step, plan, step.as<CollectiveParams>().body);
  if (kernel) return KernelChoice{kernel, false, /*runs_regions=*/false};
  if (promotes(step, plan, 0)) return KernelChoice{&widened<&reduceCollective<byRegion, kScatter>, 0>, false};
  return KernelChoice{&reduceCollective<byRegion, kScatter>, false};
}


constexpr KernelFamilyEntry kKernels[] = {
    {OpId::kAllReduce, chooseReduction<AllReduce, &combineByRegion, false>},
    {OpId::kReduceScatter, chooseReduction<ReduceScatter, &combineByRegion, true>},
    {OpId::kAllGather, alwaysKernel<allGatherKernel>},
    {OpId::kAllToAll, alwaysKernel<allToAllKernel>},
    {OpId::kCollectivePermute, alwaysKernel<collectivePermuteKernel>},
    {OpId::kCollectiveBroadcast, alwaysKernel<collectiveBroadcastKernel>},
    {OpId::kAfterAll, alwaysKernel<tokenKernel>},
    {OpId::kCreateToken, alwaysKernel<tokenKernel>},
    {OpId::kInfeed, alwaysKernel<infeedKernel>},
    {OpId::kOutfeed, alwaysKernel<outfeedKernel>},
    {OpId::kSend, alwaysKernel<sendKernel>},
    {OpId::kRecv, alwaysKernel<recvKernel>},
    {OpId::kReplicaId, alwaysKernel<processIdKernel<true>>},
    {OpId::kPartitionId, alwaysKernel<processIdKernel<false>>},
};

}  // namespace

std::span<const KernelFamilyEntry> collectiveKernels() { return kKernels; }

}  // namespace hloconf::cpu
