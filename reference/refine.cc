#include "reference/refine.h"

#include "absl/container/flat_hash_map.h"
#include "ir/type.h"

namespace hloconf::ref {
namespace {

// `declared` with the dimensions of `observed` where `declared` has `?` (tensors, and tuples of them).
Type refinedType(const Type& declared, const Type& observed) {
  if (declared.kind() == Type::Kind::kTuple && observed.kind() == Type::Kind::kTuple &&
      declared.tupleElements().size() == observed.tupleElements().size()) {
    std::vector<Type> elements;
    for (size_t i = 0; i < declared.tupleElements().size(); ++i) elements.push_back(refinedType(declared.tupleElements()[i], observed.tupleElements()[i]));
    return Type::tuple(std::move(elements));
  }
  if (!declared.isTensor() || !observed.isTensor() || declared.rank() != observed.rank() || declared.hasStaticShape()) return declared;
  std::vector<int64_t> shape = declared.shape();
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == kDynamicSize) shape[d] = observed.shape()[d];
  }
  bool dynamic = false;
  for (int64_t d : shape) dynamic = dynamic || d == kDynamicSize;
  return Type::tensor(shape, declared.tensorElement(), dynamic ? declared.bounds() : std::vector<int64_t>{});
}

// Two observations of one value: dimensions that differ become `?` again.
Type mergedType(const Type& a, const Type& b) {
  if (a == b) return a;
  if (a.kind() == Type::Kind::kTuple && b.kind() == Type::Kind::kTuple && a.tupleElements().size() == b.tupleElements().size()) {
    std::vector<Type> elements;
    for (size_t i = 0; i < a.tupleElements().size(); ++i) elements.push_back(mergedType(a.tupleElements()[i], b.tupleElements()[i]));
    return Type::tuple(std::move(elements));
  }
  if (!a.isTensor() || !b.isTensor() || a.rank() != b.rank()) return a;
  std::vector<int64_t> shape = a.shape();
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] != b.shape()[d]) shape[d] = kDynamicSize;
  }
  return Type::tensor(shape, a.tensorElement());
}


// The run-time type of every value the interpreter binds (its observer hook), merged over observations.
class TypeRecorder {
 public:
  void record(const Value* v, const RtValue& value) {
    const Type type = value.type();
    auto [it, inserted] = observed_.try_emplace(v, type);
    if (!inserted) it->second = mergedType(it->second, type);
  }
  const absl::flat_hash_map<const Value*, Type>& observed() const { return observed_; }

 private:
  absl::flat_hash_map<const Value*, Type> observed_;
};

// Writes the observed types into the module's values, and the function_type of every function whose
// entry block or returned values were observed (a function never called keeps its declared types, so its
// function_type would not change anyway).
void applyTypes(Module& module, const TypeRecorder& recorder) {
  for (const auto& [value, type] : recorder.observed()) {
    Value* v = const_cast<Value*>(value);  // the values belong to `module`, which the caller lets us change
    v->type = refinedType(v->type, type);
  }
  for (const Operation* f : module.functions()) {
    if (f->regions.empty() || f->regions[0].blocks.empty()) continue;
    Operation* func = const_cast<Operation*>(f);
    const Block& entry = *func->regions[0].blocks.front();
    std::vector<Type> inputs, results;
    for (const auto& arg : entry.arguments) inputs.push_back(arg->type);
    if (entry.operations.empty() || entry.operations.back()->name != "func.return") continue;
    for (const Value* v : entry.operations.back()->operands) results.push_back(v->type);
    for (NamedAttr& a : func->properties) {
      if (a.name == "function_type") a.value = Attribute::type(Type::function(inputs, results));
    }
    for (NamedAttr& a : func->attributes) {
      if (a.name == "function_type") a.value = Attribute::type(Type::function(inputs, results));
    }
  }
}

bool isDynamic(const Type& type) {
  if (type.kind() == Type::Kind::kTuple) {
    for (const Type& element : type.tupleElements())
      if (isDynamic(element)) return true;
    return false;
  }
  return type.isTensor() && !type.hasStaticShape();
}

bool anyDynamic(const Operation& op) {
  for (const auto& result : op.results)
    if (isDynamic(result->type)) return true;
  for (const Region& region : op.regions)
    for (const auto& block : region.blocks) {
      for (const auto& argument : block->arguments)
        if (isDynamic(argument->type)) return true;
      for (const auto& nested : block->operations)
        if (anyDynamic(*nested)) return true;
    }
  return false;
}

}  // namespace

bool hasDynamicShapes(const Module& module) { return module.op && anyDynamic(*module.op); }

absl::Status refineShapes(Module& module, std::string_view text, const Operation& func, std::vector<RtValue> args,
                          const EvalOptions& options) {
  Interpreter interp(module, text, options);
  TypeRecorder recorder;
  interp.setObserver([&recorder](const Value* v, const RtValue& value) { recorder.record(v, value); });
  absl::StatusOr<std::vector<RtValue>> results = interp.callFunction(func, std::move(args));
  if (!results.ok()) return results.status();
  applyTypes(module, recorder);
  return absl::OkStatus();
}

}  // namespace hloconf::ref
