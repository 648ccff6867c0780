// The op registry: the union of the per-family tables (see op_registry.h).
#include "ir/op_registry.h"

#include <array>

#include "absl/container/flat_hash_map.h"

namespace hloconf {
namespace {

const std::vector<OpDef>& registry() {
  static const auto* all = [] {
    auto* ops = new std::vector<OpDef>();
    for (auto table : {coreOps(), stablehloOps(), regionOps(), dialectOps()}) ops->insert(ops->end(), table.begin(), table.end());
    return ops;
  }();
  return *all;
}

const absl::flat_hash_map<std::string_view, const OpDef*>& opIndex() {
  static const auto* index = [] {
    auto* map = new absl::flat_hash_map<std::string_view, const OpDef*>();
    for (const OpDef& def : registry()) map->emplace(def.name, &def);
    return map;
  }();
  return *index;
}

}  // namespace

const OpDef* lookupOp(std::string_view name) {
  auto it = opIndex().find(name);
  return it == opIndex().end() ? nullptr : it->second;
}

const std::vector<OpDef>& allOps() { return registry(); }

std::string_view canonicalOpName(std::string_view name) {
  if (name == "return") return "func.return";
  if (name == "call") return "func.call";
  if (name == "module") return "builtin.module";
  return name;
}

}  // namespace hloconf
