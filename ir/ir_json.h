// The program model rendered as JSON, for adapters that translate a program op by op instead of
// compiling its MLIR text (adapters/PROTOCOL.md, "The IR as JSON", describes the format in full).
//
//   {"ir_format": 1, "attributes": {...}, "functions": [
//     {"name": "main", "visibility": "public", "arguments": [{"id": 0, "type": "tensor<4xf32>", ...}],
//      "result_types": ["tensor<4xf32>"], "attributes": {...},
//      "blocks": [{"arguments": [...], "ops": [
//        {"name": "stablehlo.add", "operands": [0, 0], "results": [{"id": 1, "type": ...}],
//         "attributes": {"name": {"kind": ..., "text": ..., "value": ...}}, "regions": []}, ...]}]}]}
//
// Value ids are unique within the module. Every attribute keeps its exact MLIR text beside a plain JSON
// value (numbers, strings, lists, dicts), so an adapter reads `dot_dimension_numbers.value` as a dict
// and can still fall back to the text for anything the plain form leaves out.
#ifndef HLOCONF_IR_IR_JSON_H_
#define HLOCONF_IR_IR_JSON_H_

#include "ir/attribute.h"
#include "ir/operation.h"
#include "nlohmann/json.hpp"

namespace hloconf {

inline constexpr int kIrJsonFormat = 1;
// Dense elements with at most this many elements also carry their values as a list.
inline constexpr int64_t kIrJsonMaxListedElements = 256;

nlohmann::json moduleToJson(const Module& module);

// One attribute: {"kind", "text", "value", ...} (exposed for tests and for single-op renderings).
nlohmann::json attributeToJson(const Attribute& attr);

// A type as the JSON of a value carries it: {"type": text} plus "shape" and "element_type" for tensors.
nlohmann::json typeToJson(const Type& type);

}  // namespace hloconf

#endif  // HLOCONF_IR_IR_JSON_H_
