#include "executors/plan/plan.h"

#include <algorithm>
#include <cstdlib>
#include <optional>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "executors/plan/elementwise_params.h"
#include "executors/plan/planners.h"
#include "executors/plan/quantization_params.h"
#include "ir/byte_size.h"
#include "ir/chlo_broadcast.h"
#include "ir/op_schema.h"
#include "ir/op_views.h"
#include "ir/resource_limits.h"
#include "ir/source_location.h"
#include "ir/strings.h"

namespace hloconf::plan {
namespace {

// Every family's planners, in one table by OpId.
const absl::flat_hash_map<OpId, PlanFn>& plannerTable() {
  static const auto* table = [] {
    auto* t = new absl::flat_hash_map<OpId, PlanFn>();
    for (std::span<const OpPlanner> family : {elementwisePlanners(), controlPlanners(), reductionPlanners(), collectivePlanners(), movementPlanners(), productsPlanners(), quantizationPlanners()})
      for (const OpPlanner& planner : family) t->emplace(planner.op, planner.plan);
    return t;
  }();
  return *table;
}

// Why a value of type `type` cannot live in a slot, or "" when it can. A token is a slot of no bytes.
std::string slotTypeProblem(const Type& type) {
  if (type.kind() == Type::Kind::kToken) return "";
  if (!type.isTensor()) return strCat("values of type ", type.toString(), " are not supported yet");
  // The backends specialise a program with ? dimensions to its inputs' shapes before planning it
  // (adapters/executor_backend.h); what is left is a value the run did not compute.
  if (!type.hasStaticShape())
    return "a ? dimension that the inputs' shapes do not settle (a value the reference's run on these inputs never "
           "computed, such as one in a branch not taken)";
  // slotBytes() relies on this; a result's size is checked against --memory-limit as well (compileOp).
  if (!dataByteSize(type)) return strCat(type.toString(), " holds more than 2^63 - 1 bytes");
  return "";  // a quantized tensor's slot holds its storage integers
}

// Calls nested deeper than this are refused: StableHLO programs do not recurse, and a hostile one must
// not overflow the stack.
constexpr int kMaxCallDepth = 32;

// Thrown inside the compiler for the first thing it cannot run, and caught in compile().
struct UnsupportedFound {
  Unsupported what;
};

class Compiler {
 public:
  Compiler(const Module& module, std::string_view source_text) : module_(module), source_text_(source_text) {}

  Plan& plan() { return plan_; }

  // Compiles `block` into `region`: its arguments become new slots, its ops steps, its terminator's operands
  // the region's outputs.
  absl::Status compileBlock(const Operation& owner, const Block& block, Region& region, int depth) {
    for (const auto& argument : block.arguments) {
      if (std::string problem = slotTypeProblem(argument->type); !problem.empty())
        unsupported(owner, strCat("block argument ", argument->index, ": ", problem));
      region.inputs.push_back(newSlot(argument.get()));
    }
    for (const auto& owned : block.operations) {
      const Operation& op = *owned;
      if (absl::Status valid = verifyAgainstSchema(op); !valid.ok()) return invalid(op, std::string(valid.message()));
      // Tuples live only in the plan compiler: a tuple is the list of its elements, and get_tuple_element
      // names one of them (a tuple passed anywhere else is not supported yet).
      if (op.id == OpId::kTuple || op.id == OpId::kGetTupleElement) {
        RETURN_IF_ERROR(aliasTuple(op));
        continue;
      }
      std::vector<Slot> operands;
      for (const Value* operand : op.operands) {
        if (tuple_of_.contains(operand)) unsupported(op, "tuple operands are not supported yet (only get_tuple_element)");
        auto found = slot_of_.find(operand);
        if (found == slot_of_.end()) return invalid(op, "uses a value defined in no enclosing scope");
        operands.push_back(found->second);
      }
      if (op.id == OpId::kFuncReturn || op.id == OpId::kReturn) {
        region.outputs = std::move(operands);
        return absl::OkStatus();
      }
      Step step;
      step.op = op.id;
      step.operands = std::move(operands);
      step.location = locationOf(op);
      if (chloBroadcastApplied(op.id)) {
        RETURN_IF_ERROR(compileBroadcasting(op, std::move(step), depth, region));
        continue;
      }
      if (hasQuantizedTypes(op) && !runsOnStorage(op)) {
        RETURN_IF_ERROR(compileDequantized(op, std::move(step), depth, region));
        continue;
      }
      if (!op.regions.empty()) RETURN_IF_ERROR(convertToBodyTypes(op, step, region));
      const Slot zero_point_mask = zeroPointFillMask(op, step, region);
      RETURN_IF_ERROR(compileOp(op, step, depth));
      if (zero_point_mask >= 0) {
        const Slot result = step.results[0];
        step.results[0] = newSlot(plan_.slot_types[result]);
        const Slot filled = step.results[0];
        const std::string location = step.location;
        region.steps.push_back(std::move(step));
        appendXor(filled, zero_point_mask, result, location, region);
        continue;
      }
      region.steps.push_back(std::move(step));
    }
    return absl::InvalidArgumentError(strCat(locationOf(owner), ": ", owner.name, ": a region does not end in a return"));
  }

  std::string locationOf(const Operation& op) const { return sourceLocation(module_, source_text_, op.source_offset); }

  [[noreturn]] void unsupported(const Operation& op, std::string reason) const {
    throw UnsupportedFound{Unsupported{op.name, locationOf(op), std::move(reason)}};
  }

 private:
  absl::Status invalid(const Operation& op, std::string_view why) const {
    return absl::InvalidArgumentError(strCat(locationOf(op), ": ", op.name, ": ", why));
  }

  absl::Status aliasTuple(const Operation& op) {
    if (absl::Status valid = verifyAgainstSchema(op); !valid.ok()) return invalid(op, std::string(valid.message()));
    if (op.results.size() != 1) return invalid(op, "has one result");
    if (op.id == OpId::kTuple) {
      std::vector<const Value*>& elements = tuple_of_[op.results[0].get()];
      for (const Value* operand : op.operands) {
        if (!slot_of_.contains(operand) && !tuple_of_.contains(operand)) return invalid(op, "uses a value defined in no enclosing scope");
        elements.push_back(operand);
      }
      return absl::OkStatus();
    }
    auto tuple = tuple_of_.find(op.operands.at(0));
    if (tuple == tuple_of_.end()) unsupported(op, "tuples that are not built by stablehlo.tuple in the same function are not supported yet");
    const int64_t index = GetTupleElementOp(op).index();
    if (index < 0 || index >= static_cast<int64_t>(tuple->second.size()))
      return invalid(op, strCat("index ", index, " is outside the tuple of ", tuple->second.size(), " (spec: get_tuple_element (C1))"));
    const Value* element = tuple->second[static_cast<size_t>(index)];
    if (element->type != op.results[0]->type)
      return invalid(op, strCat("the result type must be element ", index, "'s type (spec: get_tuple_element (C2))"));
    if (auto nested = tuple_of_.find(element); nested != tuple_of_.end()) {
      std::vector<const Value*> elements = nested->second;  // a copy: the map may rehash
      tuple_of_[op.results[0].get()] = std::move(elements);
    } else {
      slot_of_[op.results[0].get()] = slot_of_.at(element);
    }
    return absl::OkStatus();
  }

  static bool hasQuantizedTypes(const Operation& op) {
    for (const Value* operand : op.operands)
      if (operand->type.isTensor() && operand->type.isQuantized()) return true;
    for (const auto& result : op.results)
      if (result->type.isTensor() && result->type.isQuantized()) return true;
    return false;
  }

  Slot newSlot(Type type) {
    plan_.slot_types.push_back(std::move(type));
    return static_cast<Slot>(plan_.slot_types.size() - 1);
  }

  // A uniform_quantize or uniform_dequantize step of the compiler's own, from `from` into a new slot of
  // `type`, appended to `region`; returns the new slot.
  absl::StatusOr<Slot> convertStep(const Operation& op, OpId id, Slot from, Type type, Region& region, bool saturate_to_finite = false) {
    if (!plan_.slot_types[from].isTensor() || !type.isTensor() || !type.hasStaticShape()) unsupported(op, "a quantized operand that is not a tensor");
    Step step;
    step.op = id;
    step.operands = {from};
    step.results = {newSlot(std::move(type))};
    step.location = locationOf(op);
    if (absl::Status planned = planQuantizationStep(step, plan_); !planned.ok()) return invalid(op, std::string(planned.message()));
    if (saturate_to_finite) {
      auto params = std::make_shared<UniformDequantizeParams>(step.as<UniformDequantizeParams>());
      params->saturate_to_finite = true;
      step.params = std::move(params);
    }
    const Slot result = step.results[0];
    region.steps.push_back(std::move(step));
    return result;
  }

  // The spec's dequantize_op_quantize (and hybrid_dequantize_then_op, dequantize_compare, ...): each
  // quantized operand is dequantized into a new slot of its expressed type, the op is planned on a copy
  // of itself with every quantized type replaced by its expressed type, and each quantized result is
  // quantized from the op's float result.
  absl::Status compileDequantized(const Operation& op, Step step, int depth, Region& region) {
    auto expressed = [](const Type& t) {
      return t.isTensor() && t.isQuantized() ? Type::tensor(t.shape(), Type::element(t.quantizedType().expressed_type), t.bounds()) : t;
    };
    auto shadow = std::make_unique<Operation>(op.name);
    shadow->properties = op.properties;
    shadow->attributes = op.attributes;
    shadow->source_offset = op.source_offset;
    for (size_t i = 0; i < op.operands.size(); ++i) {
      const Value* operand = op.operands[i];
      auto& value = shadow_values_.emplace_back(std::make_unique<Value>(*operand));
      value->type = expressed(operand->type);
      shadow->operands.push_back(value.get());
      if (!(operand->type.isTensor() && operand->type.isQuantized())) continue;
      if (std::string problem = slotTypeProblem(operand->type); !problem.empty()) unsupported(op, problem);
      ASSIGN_OR_RETURN(step.operands[i], convertStep(op, OpId::kUniformDequantize, step.operands[i], value->type, region,
                                                     op.id == OpId::kIsFinite));
    }
    for (const auto& result : op.results) shadow->addResult(expressed(result->type));
    RETURN_IF_ERROR(compileOp(*shadow, step, depth));
    std::vector<Slot> float_results = step.results;
    region.steps.push_back(std::move(step));
    for (size_t i = 0; i < op.results.size(); ++i) {
      const Type& type = op.results[i]->type;
      if (type.isTensor() && type.isQuantized()) {
        if (std::string problem = slotTypeProblem(type); !problem.empty()) unsupported(op, problem);
        ASSIGN_OR_RETURN(slot_of_[op.results[i].get()], convertStep(op, OpId::kUniformQuantize, float_results[i], type, region));
      } else {
        slot_of_[op.results[i].get()] = float_results[i];
      }
    }
    shadows_.push_back(std::move(shadow));
    return absl::OkStatus();
  }

  // chlo.broadcast_<op> (ir/chlo_broadcast.h), as the reference evaluates it: each operand not already of
  // the common shape goes through a broadcast_in_dim step of the compiler's own, and the op it applies is
  // planned on a copy of the op whose operands have the common shape.
  absl::Status compileBroadcasting(const Operation& op, Step step, int depth, Region& region) {
    const OpId applied = *chloBroadcastApplied(op.id);
    std::vector<std::vector<int64_t>> shapes;
    for (const Value* operand : op.operands) {
      if (!operand->type.isTensor() || !operand->type.hasStaticShape()) unsupported(op, "operands that are not tensors of static shape");
      shapes.push_back(operand->type.shape());
    }
    const absl::StatusOr<ChloBroadcast> broadcast = chloBroadcast(op, shapes);
    if (!broadcast.ok()) return invalid(op, std::string(broadcast.status().message()));
    auto shadow = std::make_unique<Operation>(std::string(opName(applied)));
    shadow->source_offset = op.source_offset;
    for (const auto& [from, to] : {std::pair{&op.properties, &shadow->properties}, std::pair{&op.attributes, &shadow->attributes}}) {
      for (const NamedAttr& a : *from)
        if (a.name != "broadcast_dimensions") to->push_back(a);
    }
    for (size_t k = 0; k < op.operands.size(); ++k) {
      const Value* operand = op.operands[k];
      const Type common = Type::tensor(broadcast->shape, operand->type.tensorElement());
      auto& value = shadow_values_.emplace_back(std::make_unique<Value>(*operand));
      value->type = common;
      shadow->operands.push_back(value.get());
      if (operand->type == common) continue;
      auto in_dim = std::make_unique<Operation>(std::string(opName(OpId::kBroadcastInDim)));
      in_dim->source_offset = op.source_offset;
      in_dim->properties.push_back(
          {"broadcast_dimensions", Attribute::denseArray(ElementType::kSI64, {broadcast->maps[k].begin(), broadcast->maps[k].end()})});
      in_dim->operands.push_back(shadow_values_.emplace_back(std::make_unique<Value>(*operand)).get());
      in_dim->addResult(common);
      Step in_dim_step;
      in_dim_step.op = OpId::kBroadcastInDim;
      in_dim_step.operands = {step.operands[k]};
      in_dim_step.location = step.location;
      RETURN_IF_ERROR(compileOp(*in_dim, in_dim_step, depth));
      step.operands[k] = in_dim_step.results[0];
      region.steps.push_back(std::move(in_dim_step));
      shadows_.push_back(std::move(in_dim));
    }
    for (const auto& result : op.results) shadow->addResult(result->type);
    step.op = applied;
    RETURN_IF_ERROR(compileOp(*shadow, step, depth));
    for (size_t i = 0; i < op.results.size(); ++i) slot_of_[op.results[i].get()] = step.results[i];
    region.steps.push_back(std::move(step));
    shadows_.push_back(std::move(shadow));
    return absl::OkStatus();
  }

  // The spec's to_destination_type for a body of another quantization than its operands (reduce,
  // scatter, all_reduce, ... with an i8 input and an i16 body): each such operand is requantized into the
  // body's type first.
  absl::Status convertToBodyTypes(const Operation& op, Step& step, Region& region) {
    for (size_t i = 0; i < op.operands.size(); ++i) {
      const Type& from = op.operands[i]->type;
      if (!from.isTensor() || !from.isQuantized() || !from.hasStaticShape()) continue;
      std::optional<Type> body = bodyArgumentTypeFor(op, i);
      if (!body || !body->isTensor() || !body->isQuantized() || body->tensorElement() == from.tensorElement()) continue;
      ASSIGN_OR_RETURN(step.operands[i], convertStep(op, OpId::kUniformQuantize, step.operands[i], Type::tensor(from.shape(), body->tensorElement()), region));
    }
    return absl::OkStatus();
  }

  // collective_permute and collective_broadcast give a process that receives nothing quantize(0), the
  // zero point, where the kernels write 0. For a per-tensor quantized operand with a nonzero zero point
  // the op runs on `storage xor zero_point` and its result is xor-ed again: a received value comes back
  // unchanged, and a 0 becomes the zero point. Returns the mask's slot (a constant of the operand's type
  // holding the zero point everywhere), after appending the first xor, or -1.
  Slot zeroPointFillMask(const Operation& op, Step& step, Region& region) {
    if ((op.id != OpId::kCollectivePermute && op.id != OpId::kCollectiveBroadcast) || op.operands.size() != 1 || op.results.size() != 1)
      return -1;
    const Type& type = op.operands[0]->type;
    if (!type.isTensor() || !type.isQuantized() || !type.hasStaticShape() || type != op.results[0]->type) return -1;
    const QuantizedType& q = type.quantizedType();
    if (q.quantized_dimension || q.zero_points.size() != 1 || q.zero_points[0] == 0) return -1;
    auto constant = std::make_shared<ConstantParams>();
    constant->value = Tensor(type);
    const uint64_t bits = encodeInteger(q.storage_type, q.zero_points[0]);
    for (int64_t i = 0; i < type.numElements(); ++i) constant->value.setBits(i, bits);
    Step mask;
    mask.op = OpId::kConstant;
    mask.results = {newSlot(type)};
    mask.params = std::move(constant);
    mask.location = step.location;
    const Slot mask_slot = mask.results[0];
    region.steps.push_back(std::move(mask));
    const Slot masked = newSlot(type);
    appendXor(step.operands[0], mask_slot, masked, step.location, region);
    step.operands[0] = masked;
    return mask_slot;
  }

  void appendXor(Slot a, Slot b, Slot result, const std::string& location, Region& region) {
    Step x;
    x.op = OpId::kXor;
    x.operands = {a, b};
    x.results = {result};
    x.location = location;
    region.steps.push_back(std::move(x));
  }

  Slot newSlot(const Value* value) {
    const Slot slot = static_cast<Slot>(plan_.slot_types.size());
    plan_.slot_types.push_back(value->type);
    slot_of_[value] = slot;
    return slot;
  }

  absl::Status compileOp(const Operation& op, Step& step, int depth) {
    auto planner = plannerTable().find(op.id);
    if (planner == plannerTable().end()) unsupported(op, "the cpu executor has no kernel for this op yet");
    for (const Value* operand : op.operands)
      if (std::string problem = slotTypeProblem(operand->type); !problem.empty()) unsupported(op, problem);
    for (const auto& result : op.results) {
      if (std::string problem = slotTypeProblem(result->type); !problem.empty()) unsupported(op, problem);
      if (result->type.isTensor()) {
        if (absl::Status fits = checkTensorAllocation("a result of", result->type); !fits.ok())
          return invalid(op, std::string(fits.message()));
      }
    }

    // The op's regions, or for a call the callee's body, compiled into nested regions.
    for (const auto& region : op.regions) {
      if (region.blocks.size() != 1) unsupported(op, "regions of more than one block are not supported");
      RETURN_IF_ERROR(compileBlock(op, *region.blocks.front(), step.regions.emplace_back(), depth));
    }
    if (op.id == OpId::kFuncCall || op.id == OpId::kComposite) {
      std::optional<std::string_view> callee =
          op.id == OpId::kFuncCall ? CallOp(op).callee() : CompositeOp(op).decomposition();
      const Operation* function = callee ? module_.findFunction(*callee) : nullptr;
      if (!function || function->regions.empty() || function->regions[0].blocks.empty())
        return invalid(op, strCat("calls @", callee.value_or(""), ", which the module does not define"));
      if (depth >= kMaxCallDepth) unsupported(op, strCat("calls nested deeper than ", kMaxCallDepth));
      RETURN_IF_ERROR(compileBlock(*function, *function->regions[0].blocks.front(), step.regions.emplace_back(), depth + 1));
    }

    for (const auto& result : op.results) step.results.push_back(newSlot(result.get()));
    absl::Status planned = planner->second(op, step, plan_);
    if (absl::IsUnimplemented(planned)) unsupported(op, std::string(planned.message()));
    if (!planned.ok()) return invalid(op, std::string(planned.message()));
    return absl::OkStatus();
  }

  const Module& module_;
  std::string_view source_text_;
  Plan plan_;
  absl::flat_hash_map<const Value*, Slot> slot_of_;
  // The copies of ops with quantized types that compileDequantized plans, and their operand values.
  std::vector<std::unique_ptr<Operation>> shadows_;
  std::vector<std::unique_ptr<Value>> shadow_values_;
  // A tuple value: its elements (tensors, tokens or tuples), by the IR values they are.
  absl::flat_hash_map<const Value*, std::vector<const Value*>> tuple_of_;
};

// Fills last_uses in `region` and its nested regions; returns the slots `region` reads that it does not
// define (a value of an enclosing scope).
std::vector<Slot> assignLiveness(Region& region) {
  absl::flat_hash_set<Slot> defined(region.inputs.begin(), region.inputs.end());
  std::vector<std::vector<Slot>> reads(region.steps.size());
  for (size_t s = 0; s < region.steps.size(); ++s) {
    Step& step = region.steps[s];
    reads[s] = step.operands;
    for (Region& nested : step.regions) {
      std::vector<Slot> outer = assignLiveness(nested);
      reads[s].insert(reads[s].end(), outer.begin(), outer.end());
    }
    defined.insert(step.results.begin(), step.results.end());
  }
  absl::flat_hash_map<Slot, size_t> last_reader;
  for (size_t s = 0; s < region.steps.size(); ++s) {
    for (Slot slot : region.steps[s].results) last_reader.try_emplace(slot, s);  // unread: dies where made
    for (Slot slot : reads[s])
      if (defined.contains(slot)) last_reader[slot] = std::max(last_reader[slot], s);
  }
  const absl::flat_hash_set<Slot> outputs(region.outputs.begin(), region.outputs.end());
  for (const auto& [slot, s] : last_reader)
    if (!outputs.contains(slot)) region.steps[s].last_uses.push_back(slot);
  for (Step& step : region.steps) std::sort(step.last_uses.begin(), step.last_uses.end());

  absl::flat_hash_set<Slot> outer;
  for (const std::vector<Slot>& step_reads : reads)
    for (Slot slot : step_reads)
      if (!defined.contains(slot)) outer.insert(slot);
  for (Slot slot : region.outputs)
    if (!defined.contains(slot)) outer.insert(slot);
  return {outer.begin(), outer.end()};
}

}  // namespace

std::string Unsupported::message() const { return strCat(location, ": ", op, ": ", reason); }

int64_t slotBytes(const Type& type) {
  const std::optional<int64_t> bytes = dataByteSize(type);
  // A type compile() let into a plan has a size (slotTypeProblem): anything else is a bug here, not bad input.
  if (!bytes) std::abort();
  return *bytes;
}

std::vector<OpId> plannableOps() {
  std::vector<OpId> ops;
  for (const auto& [op, planner] : plannerTable()) ops.push_back(op);
  ops.push_back(OpId::kTuple);  // handled by the plan compiler itself
  ops.push_back(OpId::kGetTupleElement);
  // chlo.broadcast_<op> where <op> has a planner (compileBroadcasting).
  for (size_t id = 0; id < kNumOpIds; ++id) {
    const std::optional<OpId> applied = chloBroadcastApplied(static_cast<OpId>(id));
    if (applied && plannerTable().contains(*applied)) ops.push_back(static_cast<OpId>(id));
  }
  std::sort(ops.begin(), ops.end());
  return ops;
}

absl::StatusOr<CompileResult> compile(const Module& module, std::string_view function, std::string_view source_text) {
  const Operation* func = module.findFunction(function);
  if (!func) return absl::InvalidArgumentError(strCat(moduleLocation(module, source_text), ": the program has no function @", function));
  if (func->regions.empty() || func->regions[0].blocks.empty())
    return absl::InvalidArgumentError(strCat(sourceLocation(module, source_text, func->source_offset), ": @", function, " has no body"));
  Compiler compiler(module, source_text);
  try {
    RETURN_IF_ERROR(compiler.compileBlock(*func, *func->regions[0].blocks.front(), compiler.plan(), 0));
  } catch (UnsupportedFound& found) {
    return CompileResult{std::move(found.what)};
  }
  Plan& plan = compiler.plan();
  plan.location = sourceLocation(module, source_text, func->source_offset);
  assignLiveness(plan);
  return CompileResult{std::move(plan)};
}

}  // namespace hloconf::plan
