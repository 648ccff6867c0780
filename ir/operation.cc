#include "ir/operation.h"

namespace hloconf {

Value* Block::addArgument(Type type) {
  auto value = std::make_unique<Value>();
  value->type = std::move(type);
  value->owner_block = this;
  value->index = static_cast<int>(arguments.size());
  arguments.push_back(std::move(value));
  return arguments.back().get();
}

Value* Operation::addResult(Type type) {
  auto value = std::make_unique<Value>();
  value->type = std::move(type);
  value->defining_op = this;
  value->index = static_cast<int>(results.size());
  results.push_back(std::move(value));
  return results.back().get();
}

const Attr* Operation::attr(std::string_view attr_name) const {
  if (const Attr* found = findAttr(properties, attr_name)) return found;
  return findAttr(attributes, attr_name);
}

std::vector<Type> Operation::operandTypes() const {
  std::vector<Type> types;
  for (const Value* v : operands) types.push_back(v->type);
  return types;
}

std::vector<Type> Operation::resultTypes() const {
  std::vector<Type> types;
  for (const auto& v : results) types.push_back(v->type);
  return types;
}

std::string_view functionName(const Operation& func) {
  const Attr* name = func.attr("sym_name");
  return name ? std::string_view((*name)->text()) : std::string_view();
}

std::vector<Operation*> Module::functions() const {
  std::vector<Operation*> funcs;
  if (!op || op->regions.empty() || op->regions[0].blocks.empty()) return funcs;
  for (const auto& child : op->regions[0].blocks[0]->operations)
    if (child->name == "func.func") funcs.push_back(child.get());
  return funcs;
}

Operation* Module::findFunction(std::string_view name) const {
  for (Operation* func : functions())
    if (functionName(*func) == name) return func;
  return nullptr;
}

}  // namespace hloconf
