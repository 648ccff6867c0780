#include "reference/interpreter.h"

#include <algorithm>

#include "absl/container/flat_hash_map.h"
#include "ir/diagnostic.h"
#include "ir/op_views.h"
#include "ir/source_location.h"
#include "ir/status_macros.h"
#include "ir/strings.h"
#include "reference/elementwise.h"
#include "reference/kernels.h"
#include "reference/numerics.h"
#include "reference/process.h"

namespace hloconf::ref {

namespace {

bool isTerminator(const Operation& op) { return schemaOf(op.id).has(traits::kTerminator); }

std::string valueTypeText(const RtValue& value) { return value.type().toString(); }

// Calls fn(value) for every operand of every op nested in `regions`, at any depth.
template <typename Fn>
void forEachNestedOperand(const std::vector<Region>& regions, Fn&& fn) {
  for (const Region& region : regions) {
    for (const auto& block : region.blocks) {
      for (const auto& nested : block->operations) {
        for (const Value* v : nested->operands) fn(v);
        forEachNestedOperand(nested->regions, fn);
      }
    }
  }
}

}  // namespace

// For op i of the block: which operands (by position) are the last use of a value of this block and
// can be moved out of its env, and the values of this block that die once op i has run but must stay
// in the env while it runs (a region of op i reads them: while, case, reduce and map bodies capture
// values of enclosing blocks). A value of this block that nothing reads is never stored. Values of
// enclosing blocks are never moved or freed here: the enclosing block may read them again, and a loop
// body runs many times.
struct Interpreter::BlockPlan {
  std::vector<uint32_t> operand_begin;  // operand j of op i is takes[operand_begin[i] + j]
  std::vector<uint8_t> takes;           // 1: the operand is moved out of the env
  std::vector<uint32_t> free_begin;  // after op i runs, frees[free_begin[i] .. free_begin[i+1]) are erased
  std::vector<const Value*> frees;
  absl::flat_hash_set<const Value*> unused;  // values of this block that nothing reads
};

const Interpreter::BlockPlan& Interpreter::planOf(const Block& block) {
  std::unique_ptr<BlockPlan>& slot = plans_[&block];
  if (slot) return *slot;
  auto plan = std::make_unique<BlockPlan>();
  const size_t num_ops = block.operations.size();
  // The last op that reads each value of this block, directly or from one of its regions.
  constexpr int kNoUse = -1;
  absl::flat_hash_map<const Value*, int> last_use;
  for (const auto& arg : block.arguments) last_use[arg.get()] = kNoUse;
  for (const auto& op : block.operations) {
    for (const auto& result : op->results) last_use[result.get()] = kNoUse;
  }
  std::vector<absl::flat_hash_set<const Value*>> read_by_regions(num_ops);
  for (size_t i = 0; i < num_ops; ++i) {
    const Operation& op = *block.operations[i];
    for (const Value* v : op.operands) {
      if (auto it = last_use.find(v); it != last_use.end()) it->second = static_cast<int>(i);
    }
    forEachNestedOperand(op.regions, [&](const Value* v) {
      if (auto it = last_use.find(v); it != last_use.end()) {
        it->second = static_cast<int>(i);
        read_by_regions[i].insert(v);
      }
    });
  }
  plan->operand_begin.reserve(num_ops + 1);
  plan->free_begin.reserve(num_ops + 1);
  for (size_t i = 0; i < num_ops; ++i) {
    const Operation& op = *block.operations[i];
    plan->operand_begin.push_back(static_cast<uint32_t>(plan->takes.size()));
    plan->free_begin.push_back(static_cast<uint32_t>(plan->frees.size()));
    plan->takes.resize(plan->takes.size() + op.operands.size(), 0);
    absl::flat_hash_set<const Value*> dying;  // this op's last reads
    for (size_t j = op.operands.size(); j-- > 0;) {
      const Value* v = op.operands[j];
      auto it = last_use.find(v);
      if (it == last_use.end() || it->second != static_cast<int>(i) || !dying.insert(v).second) continue;
      // The last occurrence in the operand list takes the value (earlier ones copy it); a value that a
      // region of this op reads stays until the op is done.
      if (read_by_regions[i].contains(v)) {
        plan->frees.push_back(v);
      } else {
        plan->takes[plan->operand_begin[i] + j] = 1;
      }
    }
    for (const Value* v : read_by_regions[i]) {
      if (last_use[v] == static_cast<int>(i) && !dying.contains(v)) plan->frees.push_back(v);
    }
  }
  plan->operand_begin.push_back(static_cast<uint32_t>(plan->takes.size()));
  plan->free_begin.push_back(static_cast<uint32_t>(plan->frees.size()));
  for (const auto& [v, use] : last_use) {
    if (use == kNoUse) plan->unused.insert(v);
  }
  slot = std::move(plan);
  return *slot;
}

Interpreter::Interpreter(const Module& module, std::string_view text, EvalOptions options)
    : module_(module), text_(text), options_(options) {
  initNumerics();
}

Interpreter::~Interpreter() = default;

void Interpreter::setProcess(ProcessGrid* grid, uint32_t replica_id, uint32_t partition_id) {
  grid_ = grid;
  replica_id_ = replica_id;
  partition_id_ = partition_id;
}

ProcessGrid& Interpreter::grid() {
  if (!grid_) {
    own_grid_ = std::make_unique<ProcessGrid>(1, 1, std::chrono::milliseconds(options_.collective_timeout_ms));
    grid_ = own_grid_.get();
  }
  return *grid_;
}

int64_t Interpreter::failedChecks() const {
  return std::count_if(checks_.begin(), checks_.end(), [](const CheckResult& c) { return !c.passed; });
}

std::string Interpreter::location(const Operation& op) const {
  LineColumn lc = lineColumnAt(text_, std::min<size_t>(op.source_offset, text_.size()), module_.source_anchor);
  return strCat(module_.path, ":", lc.line, ":", lc.column);
}

namespace {

// The op that holds `region`, searched from `op` (only on an error path: no parent links are kept).
const Operation* ownerOf(const Operation& op, const Region& region) {
  for (const Region& r : op.regions) {
    if (&r == &region) return &op;
    for (const auto& block : r.blocks)
      for (const auto& inner : block->operations)
        if (const Operation* owner = ownerOf(*inner, region)) return owner;
  }
  return nullptr;
}

}  // namespace

absl::Status Interpreter::regionError(const Region& region, std::string_view message) const {
  const Operation* owner = module_.op ? ownerOf(*module_.op, region) : nullptr;
  return owner ? opError(*owner, message) : absl::InvalidArgumentError(strCat(moduleLocation(module_, text_), ": error: ", message));
}

absl::Status Interpreter::deadlineError(const Operation& op) const {
  return absl::DeadlineExceededError(strCat(location(op), ": error: ", op.name, ": stopped: the evaluation ran past its time limit"));
}

absl::Status Interpreter::opError(const Operation& op, std::string_view message) const {
  return absl::InvalidArgumentError(strCat(location(op), ": error: ", op.name, ": ", message));
}

absl::Status Interpreter::unsupported(const Operation& op, std::string_view detail) const {
  return absl::UnimplementedError(
      strCat(location(op), ": unsupported: ", op.name, detail.empty() ? "" : ": ", detail));
}

absl::StatusOr<std::vector<RtValue>> Interpreter::callFunction(const Operation& func, std::vector<RtValue> args) {
  if (func.regions.empty() || func.regions[0].blocks.empty()) {
    return opError(func, strCat("function @", functionName(func), " has no body (a declaration) and cannot be evaluated"));
  }
  const Block& entry = *func.regions[0].blocks.front();
  if (args.size() != entry.arguments.size()) {
    return opError(func, strCat("function @", functionName(func), " takes ", entry.arguments.size(),
                                " argument(s), but ", args.size(), " were given"));
  }
  for (size_t i = 0; i < args.size(); ++i) {
    if (!valueMatchesType(args[i], entry.arguments[i]->type)) {
      return opError(func, strCat("argument ", i, " of @", functionName(func), " has type ",
                                  valueTypeText(args[i]), ", but the function expects ",
                                  entry.arguments[i]->type.toString()));
    }
  }
  if (++call_depth_ > options_.max_call_depth) {
    --call_depth_;
    return opError(func, strCat("call depth exceeds ", options_.max_call_depth, " (unbounded recursion?)"));
  }
  // A function sees only its own values: hide the caller's scopes while it runs.
  std::vector<const Env*> caller_scopes;
  caller_scopes.swap(scopes_);
  auto results = runRegion(func.regions[0], std::move(args));
  scopes_.swap(caller_scopes);
  --call_depth_;
  if (!results.ok()) return results;
  if (const Attr* ft = func.attr("function_type"); ft && (*ft)->kind() == Attribute::Kind::kType) {
    const std::vector<Type>& declared = (*ft)->typeValue().results();
    if (declared.size() != results->size()) {
      return opError(func, strCat("@", functionName(func), " returns ", results->size(), " value(s), but its type declares ", declared.size()));
    }
    for (size_t i = 0; i < declared.size(); ++i) {
      if (!valueMatchesType((*results)[i], declared[i])) {
        return opError(func, strCat("@", functionName(func), " returns ", valueTypeText((*results)[i]), " as result ", i,
                                    ", but its type declares ", declared[i].toString()));
      }
    }
  }
  return results;
}

absl::StatusOr<std::vector<RtValue>> Interpreter::runRegion(const Region& region, std::vector<RtValue> args) {
  if (region.blocks.size() != 1) {
    return regionError(region, strCat("regions with ", region.blocks.size(), " blocks are not evaluated (StableHLO regions have one block)"));
  }
  const Block& block = *region.blocks.front();
  if (args.size() != block.arguments.size()) {
    return regionError(region, strCat("a region takes ", block.arguments.size(), " argument(s), but ", args.size(), " were given"));
  }
  const BlockPlan& plan = planOf(block);
  Env env;
  // Regions of if/case/while/map see the values of the enclosing regions (StableHLO regions may capture).
  scopes_.push_back(&env);
  struct PopScope {
    std::vector<const Env*>& scopes;
    size_t& live_values;
    const Env& env;
    ~PopScope() {
      scopes.pop_back();
      live_values -= env.size();
    }
  } pop{scopes_, live_values_, env};
  auto bind = [&](const Value* value, RtValue runtime_value) {
    if (observer_) observer_(value, runtime_value);
    if (plan.unused.contains(value)) return;  // nothing reads it: dropped at once
    auto [it, inserted] = env.insert_or_assign(value, std::move(runtime_value));
    if (inserted) peak_live_values_ = std::max(peak_live_values_, ++live_values_);
  };
  auto release = [&](Env::iterator it) {
    env.erase(it);
    --live_values_;
  };
  for (size_t i = 0; i < block.arguments.size(); ++i) bind(block.arguments[i].get(), std::move(args[i]));
  for (size_t op_index = 0; op_index < block.operations.size(); ++op_index) {
    const Operation& op = *block.operations[op_index];
    // In a parallel run, another process's failure stops this one (its results would be discarded).
    if (grid_ && grid_->aborted()) {
      return absl::AbortedError(strCat(location(op), ": error: stopped: another process of the parallel run failed"));
    }
    if (pastDeadline()) return deadlineError(op);
    std::vector<RtValue> operands(op.operands.size());
    const uint8_t* takes = plan.takes.data() + plan.operand_begin[op_index];
    // Copies first: an operand listed twice is copied for its first place and moved for its last.
    for (size_t j = 0; j < op.operands.size(); ++j) {
      if (takes[j]) continue;
      const Value* v = op.operands[j];
      const RtValue* found = nullptr;
      for (auto scope = scopes_.rbegin(); scope != scopes_.rend() && !found; ++scope) {
        auto it = (*scope)->find(v);
        if (it != (*scope)->end()) found = &it->second;
      }
      if (!found) return opError(op, "an operand has no value (defined after its use, or outside the function)");
      operands[j] = *found;
    }
    // This op's last reads of values of this block: moved out of the env, and so erased from it.
    for (size_t j = 0; j < op.operands.size(); ++j) {
      if (!takes[j]) continue;
      auto it = env.find(op.operands[j]);
      if (it == env.end()) return opError(op, "an operand has no value (defined after its use, or outside the function)");
      operands[j] = std::move(it->second);
      release(it);
    }
    if (isTerminator(op)) return operands;
    ASSIGN_OR_RETURN(auto results, evalOp(op, std::move(operands)));
    if (results.size() != op.results.size()) {
      return opError(op, strCat("produced ", results.size(), " result(s), but the op declares ", op.results.size()));
    }
    for (size_t i = 0; i < results.size(); ++i) {
      if (!valueMatchesType(results[i], op.results[i]->type)) {
        return opError(op, strCat("result ", i, " has type ", valueTypeText(results[i]),
                                  " at run time, but the op declares ", op.results[i]->type.toString()));
      }
      bind(op.results[i].get(), std::move(results[i]));
    }
    // Values whose last reader was a region of this op.
    for (uint32_t f = plan.free_begin[op_index]; f < plan.free_begin[op_index + 1]; ++f) {
      if (auto it = env.find(plan.frees[f]); it != env.end()) release(it);
    }
  }
  return regionError(region, "a region ends without a return");
}

bool Interpreter::canEvaluate(OpId op) {
  // The structural ops (module, func, return, call, composite, optimization_barrier) are evaluated here.
  return schemaOf(op).has(traits::kStructural) || schemaOf(op).has(traits::kTerminator) || lookupKernel(op) != nullptr;
}

bool Interpreter::canEvaluate(std::string_view op_name) { return canEvaluate(opIdOf(op_name)); }

absl::StatusOr<std::vector<RtValue>> Interpreter::evalOp(const Operation& op, std::vector<RtValue> operands) {
  Kernel kernel = lookupKernel(op.id);
  if (!kernel && !schemaOf(op.id).has(traits::kStructural)) return unsupported(op);
  // The op's spec constraints that its declared types and attributes show (ir/op_schema.h), before any
  // kernel reads them: kernels keep only the checks that need run-time values.
  if (!verified_.contains(&op)) {
    if (absl::Status s = verifyAgainstSchema(op); !s.ok()) return opError(op, std::string(s.message()));
    verified_.insert(&op);
  }
  switch (op.id) {
    case OpId::kFuncCall:
    case OpId::kComposite: {
      const std::optional<std::string_view> callee =
          op.id == OpId::kFuncCall ? CallOp(op).callee() : CompositeOp(op).decomposition();
      if (!callee) return opError(op, "has no callee symbol");
      const Operation* func = module_.findFunction(*callee);
      if (!func) return opError(op, strCat("calls @", *callee, ", which is not a function of this module"));
      return callFunction(*func, std::move(operands));
    }
    case OpId::kOptimizationBarrier:
      return operands;
    default:
      break;
  }
  // Quantized operands of ops the spec defines by dequantize-op-quantize (docs/quantization.md), before
  // a kernel that would see only the storage integers.
  if (usesDequantizeOpQuantize(op.id) && hasQuantizedTypes(op, operands)) return dequantizeOpQuantize(*this, op, operands);
  // A structural op with no kernel outside the places handled above (a `module` nested in a function
  // body, found by the eval fuzzer) has nothing to evaluate: an error at its location, not a call
  // through a null kernel.
  if (!kernel) return opError(op, "cannot be evaluated here: it is a structural op nested inside a function body");
  return kernel(*this, op, operands);
}

}  // namespace hloconf::ref
