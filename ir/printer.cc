#include "ir/printer.h"

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"

namespace hloconf {
namespace {

// Upstream StableHLO declares `use_global_device_ids` (all_gather, all_reduce, reduce_scatter) a UnitAttr:
// present means true. Our parser also reads `= true` / `= false`, which MLIR's verifier refuses ("failed to
// satisfy constraint: unit attribute"), so the generic form says it the upstream way.
NamedAttrList upstreamAttributes(const NamedAttrList& attributes) {
  NamedAttrList out;
  out.reserve(attributes.size());
  for (const NamedAttr& attribute : attributes) {
    if (attribute.name == "use_global_device_ids" && attribute.value->kind() == Attribute::Kind::kBool) {
      if (attribute.value->boolValue()) out.push_back({attribute.name, Attribute::unit()});
      continue;
    }
    out.push_back(attribute);
  }
  return out;
}

class GenericPrinter {
 public:
  explicit GenericPrinter(std::string& out) : out_(out) {}

  void printOperation(const Operation& op, int indent) {
    bool isolated = op.name == "func.func" || op.name == "builtin.module";
    NameCounters saved = counters_;
    out_.append(indent, ' ');
    if (!op.results.empty()) {
      std::string name = absl::StrCat("%", counters_.next_result++);
      for (size_t i = 0; i < op.results.size(); ++i)
        names_[op.results[i].get()] = op.results.size() == 1 ? name : absl::StrCat(name, "#", i);
      absl::StrAppend(&out_, name, op.results.size() > 1 ? absl::StrCat(":", op.results.size()) : "", " = ");
    }
    if (isolated) counters_ = NameCounters{};
    out_ += quoteString(op.name);
    out_ += "(";
    for (size_t i = 0; i < op.operands.size(); ++i) absl::StrAppend(&out_, i ? ", " : "", nameOf(op.operands[i]));
    out_ += ")";
    if (!op.properties.empty()) absl::StrAppend(&out_, " <", Attribute::dictionary(op.properties)->toString(), ">");
    if (!op.regions.empty()) {
      out_ += " (";
      for (size_t r = 0; r < op.regions.size(); ++r) {
        if (r) out_ += ", ";
        printRegion(op.regions[r], indent);
      }
      out_ += ")";
    }
    if (NamedAttrList attributes = upstreamAttributes(op.attributes); !attributes.empty())
      absl::StrAppend(&out_, " ", Attribute::dictionary(std::move(attributes))->toString());
    out_ += " : ";
    out_ += Type::function(op.operandTypes(), op.resultTypes()).toString();
    out_ += "\n";
    if (isolated) {
      // Names inside an isolated op restart; names after it continue the enclosing count.
      int next_result = saved.next_result + (op.results.empty() ? 0 : 1);
      counters_ = saved;
      counters_.next_result = next_result;
    }
  }

 private:
  struct NameCounters {
    int next_result = 0;
    int next_argument = 0;
  };

  void printRegion(const Region& region, int indent) {
    out_ += "{\n";
    for (size_t b = 0; b < region.blocks.size(); ++b) {
      const Block& block = *region.blocks[b];
      // An empty block is spelled out with its label, as MLIR's generic printer does: `({\n})` is a
      // region with no block at all, which builtin.module (one block) and func.func reject.
      if (!block.arguments.empty() || b > 0 || block.operations.empty()) {
        out_.append(indent, ' ');
        absl::StrAppend(&out_, "^bb", b);
        if (!block.arguments.empty()) {
          out_ += "(";
          for (size_t i = 0; i < block.arguments.size(); ++i) {
            std::string name = absl::StrCat("%arg", counters_.next_argument++);
            names_[block.arguments[i].get()] = name;
            absl::StrAppend(&out_, i ? ", " : "", name, ": ", block.arguments[i]->type.toString());
          }
          out_ += ")";
        }
        out_ += ":\n";
      }
      for (const auto& op : block.operations) printOperation(*op, indent + 2);
    }
    out_.append(indent, ' ');
    out_ += "}";
  }

  std::string nameOf(const Value* value) {
    auto it = names_.find(value);
    return it == names_.end() ? std::string("%<unknown>") : it->second;
  }

  std::string& out_;
  absl::flat_hash_map<const Value*, std::string> names_;
  NameCounters counters_;
};

}  // namespace

std::string printOperation(const Operation& op) {
  std::string out;
  GenericPrinter(out).printOperation(op, 0);
  return out;
}

std::string printModule(const Module& module) { return module.op ? printOperation(*module.op) : std::string(); }

}  // namespace hloconf
