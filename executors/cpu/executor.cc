#include "executors/cpu/executor.h"

#include <algorithm>
#include <cstring>
#include <sys/mman.h>
#include <atomic>
#include <mutex>
#include <thread>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "executors/cpu/kernels.h"
#include "executors/cpu/process_grid.h"
#include "executors/cpu/thread_team.h"
#include "ir/numerics_base.h"
#include "ir/op_schema.h"
#include "ir/op_verify_util.h"
#include "ir/strings.h"

namespace hloconf::cpu {
namespace {

// Every family's kernel choosers, in one table by OpId.
const absl::flat_hash_map<OpId, ChooseFn>& chooserTable() {
  static const auto* table = [] {
    auto* t = new absl::flat_hash_map<OpId, ChooseFn>();
    for (std::span<const KernelFamilyEntry> family : {elementwiseKernels(), controlKernels(), reductionKernels(), collectiveKernels(), movementKernels(), productsKernels(), quantizationKernels()})
      for (const KernelFamilyEntry& entry : family) t->emplace(entry.op, entry.choose);
    return t;
  }();
  return *table;
}

// Tiles are this many elements: the tiles of a group's live values stay in the L1/L2 caches.
constexpr int64_t kTileElements = 4096;
// Smaller values run as one tile (no threads: the hand-off costs more than it saves).
constexpr int64_t kMinParallelElements = 4 * kTileElements;

// Groups maximal runs of consecutive tileable steps whose results have one element count.
void formTileGroups(const plan::Region& region, const plan::Plan& plan, LoweredRegion& lowered) {
  const absl::flat_hash_set<plan::Slot> outputs(region.outputs.begin(), region.outputs.end());
  size_t s = 0;
  while (s < region.steps.size()) {
    if (!lowered.steps[s].tileable) {
      ++s;
      continue;
    }
    TileGroup group;
    group.begin = s;
    group.elements = plan.slot_types[region.steps[s].results[0]].numElements();
    while (s < region.steps.size() && lowered.steps[s].tileable &&
           plan.slot_types[region.steps[s].results[0]].numElements() == group.elements)
      ++s;
    group.end = s;
    absl::flat_hash_set<plan::Slot> made;
    for (size_t k = group.begin; k < group.end; ++k) made.insert(region.steps[k].results[0]);
    // A value made in the group that dies in the group has every reader there (readers come before the
    // last one, and a nested region's reads count at its owner, which is not tileable).
    for (size_t k = group.begin; k < group.end; ++k) {
      for (plan::Slot dead : region.steps[k].last_uses) {
        if (made.contains(dead) && !outputs.contains(dead)) group.internal.push_back(dead);
        else group.last_uses.push_back(dead);
      }
    }
    for (size_t k = group.begin; k < group.end; ++k) lowered.steps[k].group = static_cast<int32_t>(lowered.groups.size());
    lowered.groups.push_back(std::move(group));
  }
}

// Lowers the steps of `region` (and their regions) into `lowered`, or the first step without a kernel.
std::optional<plan::Unsupported> lowerRegion(const plan::Region& region, const plan::Plan& plan, LoweredRegion& lowered) {
  for (const plan::Step& step : region.steps) {
    LoweredStep& out = lowered.steps.emplace_back();
    auto chooser = chooserTable().find(step.op);
    absl::StatusOr<KernelChoice> choice =
        chooser == chooserTable().end() ? absl::UnimplementedError("the cpu executor has no kernel for this op yet")
                                        : chooser->second(step, plan);
    if (!choice.ok()) return plan::Unsupported{std::string(opName(step.op)), step.location, std::string(choice.status().message())};
    out.kernel = choice->kernel;
    out.tileable = choice->tileable && step.results.size() == 1 && plan.slot_types[step.results[0]].isTensor();
    if (out.tileable) {
      const int64_t n = plan.slot_types[step.results[0]].numElements();
      for (plan::Slot operand : step.operands) {
        const Type& t = plan.slot_types[operand];
        if (!t.isTensor() || (t.numElements() != n && t.rank() != 0)) out.tileable = false;
      }
    }
    if (choice->may_run_in_place && step.results.size() == 1) {
      const int64_t result_bytes = plan::slotBytes(plan.slot_types[step.results[0]]);
      for (plan::Slot operand : step.operands) {
        const bool dies = std::binary_search(step.last_uses.begin(), step.last_uses.end(), operand);
        if (dies && plan::slotBytes(plan.slot_types[operand]) == result_bytes) {
          out.in_place = operand;
          break;
        }
      }
    }
    if (choice->runs_regions)
      for (const plan::Region& nested : step.regions)
        if (auto why = lowerRegion(nested, plan, out.regions.emplace_back())) return why;
  }
  formTileGroups(region, plan, lowered);
  return std::nullopt;
}

// The path of a step's location ("path:line:col", or "path@offset" for a module built in code).
std::string_view pathOf(std::string_view location) {
  const size_t column = location.rfind(':');
  const size_t line = column == std::string_view::npos || column == 0 ? std::string_view::npos : location.rfind(':', column - 1);
  if (line != std::string_view::npos) return location.substr(0, line);
  return location.substr(0, location.rfind('@'));
}

// A step's error starts with its location and op, so that a run's failure names where it is in the
// program (issue 19, item 13). The kernels that know more name the location themselves, and so does a
// step of a nested region (a while's body): such a message is kept as it is.
absl::Status atStep(const plan::Step& step, absl::Status status) {
  if (status.ok() || step.location.empty()) return status;
  const std::string_view path = pathOf(step.location);
  const std::string_view message(status.message().data(), status.message().size());
  if (message.starts_with(path) && message.size() > path.size() && (message[path.size()] == ':' || message[path.size()] == '@'))
    return status;
  return absl::Status(status.code(), strCat(step.location, ": ", opName(step.op), ": ", message));
}

}  // namespace

const Type& KernelArgs::operandType(size_t i) const { return frame.plan().slot_types[step.operands[i]]; }
const Type& KernelArgs::resultType(size_t i) const { return frame.plan().slot_types[step.results[i]]; }

absl::Status noKernelFor(const plan::Step& step, const plan::Plan& plan) {
  std::string types;
  for (plan::Slot slot : step.operands) types += strCat(types.empty() ? "" : ", ", plan.slot_types[slot].toString());
  if (step.op == OpId::kConvert || step.op == OpId::kBitcastConvert)
    types += strCat(" -> ", plan.slot_types[step.results[0]].toString());
  return absl::UnimplementedError(strCat("no cpu kernel for ", types.empty() ? "this op" : types));
}

std::variant<Program, plan::Unsupported> lower(plan::Plan plan) {
  Program program;
  if (auto why = lowerRegion(plan, plan, program.body)) return *why;
  program.plan = std::move(plan);
  return program;
}

Frame::Frame(const Program& program, const RunOptions& options)
    : program_(program), options_(options), slots_(program.plan.slot_types.size()), borrowed_(slots_.size(), nullptr) {}

Frame::~Frame() {
  if (!options_.keep_buffers) return;
  for (Buffer& buffer : slots_) giveBuffer(std::move(buffer));
  program_.buffers.put(std::move(free_));
}

void Frame::borrow(plan::Slot slot, const uint8_t* bytes) { borrowed_[static_cast<size_t>(slot)] = bytes; }

bool Frame::borrowed(plan::Slot slot) const { return borrowed_[static_cast<size_t>(slot)] != nullptr; }

const uint8_t* Frame::data(plan::Slot slot) const {
  // An empty value (an empty input, a token) still has an address: memcpy and memset take none null.
  static const uint8_t kEmpty[1] = {0};
  const uint8_t* borrowed = borrowed_[static_cast<size_t>(slot)];
  const uint8_t* bytes = borrowed ? borrowed : slots_[static_cast<size_t>(slot)].data();
  return bytes ? bytes : kEmpty;
}

absl::Status Frame::checkDeadline() const {
  if (options_.deadline && std::chrono::steady_clock::now() > *options_.deadline)
    return absl::DeadlineExceededError("the cpu executor ran past the deadline");
  return absl::OkStatus();
}

Buffer newBuffer(size_t bytes) {
  Buffer buffer;
  // At least one byte of capacity: an empty value still has an address (memcpy and memset take none null).
  buffer.reserve(std::max<size_t>(bytes, 1));
  // A large buffer asks for transparent huge pages before its first touch: faulting in 2 MiB pages instead
  // of 4 KiB ones is most of the cost of a fresh 64 MiB result on this machine (THP in `madvise` mode).
  constexpr size_t kHugePage = size_t{2} << 20;
  if (bytes >= 2 * kHugePage) {
    const uintptr_t begin = (reinterpret_cast<uintptr_t>(buffer.data()) + kHugePage - 1) & ~(kHugePage - 1);
    const uintptr_t end = (reinterpret_cast<uintptr_t>(buffer.data()) + bytes) & ~(kHugePage - 1);
    if (end > begin) (void)madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
  }
  buffer.resize(bytes);
  return buffer;
}

void BufferPool::take(std::multimap<size_t, Buffer>& into) {
  std::lock_guard<std::mutex> lock(mutex_);
  into.merge(free_);
}

void BufferPool::put(std::multimap<size_t, Buffer>&& buffers) {
  std::lock_guard<std::mutex> lock(mutex_);
  free_.merge(buffers);
}

Buffer Frame::takeBuffer(size_t bytes) {
  if (!took_program_buffers_) {
    took_program_buffers_ = true;
    program_.buffers.take(free_);
    for (const auto& [capacity, buffer] : free_) free_bytes_ += capacity;
  }
  // The smallest free buffer that holds `bytes`, unless it is more than twice as large.
  auto fit = free_.lower_bound(bytes);
  if (fit != free_.end() && fit->first <= 2 * bytes + 4096) {
    Buffer buffer = std::move(fit->second);
    free_bytes_ -= fit->first;
    free_.erase(fit);
    buffer.resize(bytes);
    return buffer;
  }
  return newBuffer(bytes);
}

void Frame::giveBuffer(Buffer&& buffer) {
  // Small buffers are cheap to allocate; the free list is bounded so a run does not hold on to memory.
  constexpr size_t kMinPooled = 1 << 16, kMaxFreeBytes = size_t{1} << 30;
  const size_t capacity = buffer.capacity();
  if (capacity < kMinPooled || free_bytes_ + capacity > kMaxFreeBytes) {
    Buffer().swap(buffer);
    return;
  }
  free_bytes_ += capacity;
  free_.emplace(capacity, std::move(buffer));
  buffer = Buffer();
}

absl::Status Frame::runGroup(const plan::Region& region, const LoweredRegion& lowered, const TileGroup& group) {
  const plan::Plan& plan = program_.plan;
  const absl::flat_hash_set<plan::Slot> internal(group.internal.begin(), group.internal.end());
  // Values that leave the group exist whole: their buffers first (as in runSteps, fresh ones).
  std::vector<std::pair<plan::Slot, Buffer>> whole;
  for (size_t k = group.begin; k < group.end; ++k) {
    const plan::Slot result = region.steps[k].results[0];
    if (!internal.contains(result)) whole.emplace_back(result, takeBuffer(static_cast<size_t>(plan::slotBytes(plan.slot_types[result]))));
  }
  auto bytesOf = [&](plan::Slot slot) { return static_cast<int64_t>(storageBytes(plan.slot_types[slot].elementType())); };
  // Where slot `slot`'s element `first` is: a scratch tile, a whole result, or an operand's buffer (a rank-0
  // operand is read at element 0 by every tile).
  auto locate = [&](plan::Slot slot, int64_t first, std::vector<Buffer>& scratch) -> uint8_t* {
    for (size_t i = 0; i < group.internal.size(); ++i)
      if (group.internal[i] == slot) return scratch[i].data();
    uint8_t* base = nullptr;
    for (auto& [made, buffer] : whole)
      if (made == slot) base = buffer.data();
    if (!base) base = const_cast<uint8_t*>(data(slot));  // an operand: only read
    return plan.slot_types[slot].rank() == 0 ? base : base + first * bytesOf(slot);
  };
  const int64_t tiles = (group.elements + kTileElements - 1) / kTileElements;
  std::atomic<bool> failed = false;
  absl::Status first_failure;
  std::mutex failure_mutex;
  // Tiles [first_tile, last_tile): each step of the group in turn on each tile.
  auto runTiles = [&](int64_t first_tile, int64_t last_tile) {
    std::vector<Buffer> scratch;
    for (plan::Slot slot : group.internal) scratch.emplace_back(static_cast<size_t>(kTileElements * bytesOf(slot)));
    std::vector<const uint8_t*> operands;
    std::vector<uint8_t*> results(1);
    for (int64_t t = first_tile; t < last_tile && !failed; ++t) {
      const int64_t first = t * kTileElements, count = std::min(kTileElements, group.elements - first);
      for (size_t k = group.begin; k < group.end; ++k) {
        const plan::Step& step = region.steps[k];
        operands.clear();
        for (plan::Slot slot : step.operands) operands.push_back(locate(slot, first, scratch));
        results[0] = locate(step.results[0], first, scratch);
        absl::Status status = lowered.steps[k].kernel(KernelArgs{step, lowered.steps[k], *this, operands, results, count});
        if (!status.ok()) {
          std::lock_guard<std::mutex> lock(failure_mutex);
          if (!failed.exchange(true)) first_failure = status;
          return;
        }
      }
    }
  };
  if (group.elements < kMinParallelElements) {
    runTiles(0, tiles);
  } else {
    runRanges(tiles, 4, runTiles);
  }
  if (failed) return first_failure;
  for (auto& [slot, buffer] : whole) {
    giveBuffer(std::move(slots_[slot]));
    slots_[slot] = std::move(buffer);
  }
  for (plan::Slot dead : group.last_uses) giveBuffer(std::move(slots_[dead]));
  return absl::OkStatus();
}

absl::Status Frame::checkShapeOperands(const plan::Step& step) const {
  for (const plan::ShapeCheck& check : step.shape_checks) {
    const Type& type = program_.plan.slot_types[check.slot];
    const ElementType element = type.elementType();
    const uint8_t* bytes = data(check.slot);
    const int bytes_per_element = storageBytes(element);
    std::vector<int64_t> values;
    for (int64_t i = 0; i < type.numElements(); ++i) {
      uint64_t bits = 0;
      std::memcpy(&bits, bytes + i * bytes_per_element, static_cast<size_t>(bytes_per_element));
      values.push_back(static_cast<int64_t>(integerValue(element, bits)));
    }
    if (values != check.values)
      return absl::InvalidArgumentError(strCat(step.location, ": ", opName(step.op), ": ", check.what, " is ", verify::util::listText(values),
                                               " at run time, but the program was compiled for ", verify::util::listText(check.values),
                                               " (the shapes its inputs' shapes gave when it was specialised)"));
  }
  return absl::OkStatus();
}

absl::Status Frame::runSteps(const plan::Region& region, const LoweredRegion& lowered) {
  const plan::Plan& plan = program_.plan;
  std::vector<const uint8_t*> operands;
  std::vector<uint8_t*> results;
  for (size_t s = 0; s < region.steps.size(); ++s) {
    const plan::Step& step = region.steps[s];
    const LoweredStep& lowered_step = lowered.steps[s];
    RETURN_IF_ERROR(atStep(step, checkDeadline()));
    if (lowered_step.group >= 0) {
      const TileGroup& group = lowered.groups[static_cast<size_t>(lowered_step.group)];
      RETURN_IF_ERROR(atStep(step, runGroup(region, lowered, group)));
      s = group.end - 1;
      continue;
    }
    RETURN_IF_ERROR(checkShapeOperands(step));
    operands.clear();
    for (plan::Slot slot : step.operands) operands.push_back(data(slot));
    // Results get fresh buffers (or the dying operand's), and only then replace what their slots held:
    // inside a loop a slot's previous value may still be an operand.
    std::vector<Buffer> fresh(step.results.size());
    for (size_t r = 0; r < step.results.size(); ++r) {
      if (r == 0 && lowered_step.in_place >= 0 && !borrowed_[lowered_step.in_place]) {
        fresh[r] = std::move(slots_[lowered_step.in_place]);  // the operand pointer taken above stays valid
      } else {
        fresh[r] = takeBuffer(static_cast<size_t>(plan::slotBytes(plan.slot_types[step.results[r]])));
      }
    }
    results.clear();
    for (Buffer& buffer : fresh) results.push_back(buffer.data());
    const Type* first_result = step.results.empty() ? nullptr : &plan.slot_types[step.results[0]];
    const int64_t num_elements = first_result && first_result->isTensor() ? first_result->numElements() : 0;
    RETURN_IF_ERROR(atStep(step, lowered_step.kernel(KernelArgs{step, lowered_step, *this, operands, results, num_elements})));
    for (size_t r = 0; r < step.results.size(); ++r) {
      giveBuffer(std::move(slots_[step.results[r]]));
      slots_[step.results[r]] = std::move(fresh[r]);
    }
    for (plan::Slot dead : step.last_uses) giveBuffer(std::move(slots_[dead]));
  }
  return absl::OkStatus();
}

absl::StatusOr<std::vector<const uint8_t*>> Frame::runRegion(const plan::Region& region, const LoweredRegion& lowered,
                                                             std::span<const uint8_t* const> inputs) {
  for (size_t i = 0; i < region.inputs.size(); ++i) {
    Buffer& slot = slots_[region.inputs[i]];
    const size_t bytes = static_cast<size_t>(plan::slotBytes(program_.plan.slot_types[region.inputs[i]]));
    slot.reserve(std::max<size_t>(bytes, 1));
    slot.resize(bytes);
    if (bytes > 0 && slot.data() != inputs[i]) std::memmove(slot.data(), inputs[i], bytes);  // an empty input may have no buffer
  }
  RETURN_IF_ERROR(runSteps(region, lowered));
  std::vector<const uint8_t*> outputs;
  for (plan::Slot slot : region.outputs) outputs.push_back(data(slot));
  return outputs;
}

absl::StatusOr<std::vector<Tensor>> run(const Program& program, std::span<const Tensor> inputs, const RunOptions& options) {
  const plan::Plan& plan = program.plan;
  if (inputs.size() != plan.inputs.size())
    return absl::InvalidArgumentError(
        strCat(plan.location, ": the function takes ", plan.inputs.size(), " arguments; the request has ", inputs.size(), " inputs"));
  // A run outside a grid is a grid of one, so that every kernel finds its grid (infeed, send and recv).
  std::optional<ProcessGrid> solo;
  RunOptions run_options = options;
  if (!run_options.grid) {
    solo.emplace(1, 1, options.infeed);
    run_options.grid = &*solo;
  }
  Frame frame(program, run_options);
  for (size_t i = 0; i < inputs.size(); ++i) {
    const Type& expected = plan.slot_types[plan.inputs[i]];
    if (inputs[i].type() != expected || static_cast<int64_t>(inputs[i].bytes().size()) != plan::slotBytes(expected))
      return absl::InvalidArgumentError(strCat(plan.location, ": input ", i, " is ", inputs[i].type().toString(), "; argument ", i,
                                               " of the function is ", expected.toString()));
    frame.borrow(plan.inputs[i], inputs[i].bytes().data());  // read in place: the inputs outlive the run
  }
  RETURN_IF_ERROR(frame.runSteps(plan, program.body));
  std::vector<Tensor> outputs;
  for (size_t o = 0; o < plan.outputs.size(); ++o) {
    const plan::Slot slot = plan.outputs[o];
    const Type& type = plan.slot_types[slot];
    if (!type.isTensor())
      return absl::InvalidArgumentError(
          strCat(plan.location, ": the function returns a ", type.toString(), ", which has no value to give back"));
    // A result the run made moves into its tensor (unless it is returned again later); an input returned
    // as it is, or a repeated result, is copied.
    const bool again = std::find(plan.outputs.begin() + o + 1, plan.outputs.end(), slot) != plan.outputs.end();
    if (!frame.borrowed(slot) && !again) {
      outputs.emplace_back(type, std::move(frame.slots()[slot]));
    } else {
      const uint8_t* bytes = frame.data(slot);
      Buffer copy = newBuffer(static_cast<size_t>(plan::slotBytes(type)));
      if (!copy.empty()) std::memcpy(copy.data(), bytes, copy.size());
      outputs.emplace_back(type, std::move(copy));
    }
  }
  return outputs;
}

absl::StatusOr<std::vector<std::vector<Tensor>>> runGrid(const Program& program, std::span<const Tensor> inputs,
                                                         int64_t replicas, int64_t partitions, const RunOptions& options) {
  if (replicas < 1 || partitions < 1 || replicas * partitions > kMaxProcesses)
    return absl::InvalidArgumentError(strCat("a process grid of ", replicas, "x", partitions, " (at most ", kMaxProcesses,
                                             " processes)"));
  const int64_t n = replicas * partitions;
  if (n == 1) {
    ASSIGN_OR_RETURN(std::vector<Tensor> outputs, run(program, inputs, options));
    return std::vector<std::vector<Tensor>>{std::move(outputs)};
  }
  ProcessGrid grid(replicas, partitions, options.infeed);
  std::vector<absl::StatusOr<std::vector<Tensor>>> results(static_cast<size_t>(n));
  std::vector<std::thread> threads;
  for (int64_t p = 0; p < n; ++p) {
    threads.emplace_back([&, p] {
      RunOptions process_options = options;
      process_options.grid = &grid;
      process_options.process = p;
      results[static_cast<size_t>(p)] = run(program, inputs, process_options);
      grid.ended(p);
    });
  }
  for (std::thread& thread : threads) thread.join();
  std::vector<std::vector<Tensor>> outputs;
  // The first failure that is not just another process's ending names the cause.
  for (auto& result : results)
    if (!result.ok() && result.status().code() != absl::StatusCode::kFailedPrecondition) return result.status();
  for (auto& result : results) {
    if (!result.ok()) return result.status();
    outputs.push_back(std::move(*result));
  }
  return outputs;
}

}  // namespace hloconf::cpu
