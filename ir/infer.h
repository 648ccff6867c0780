// Result-type inference: the result types that the spec's constraints define from an op's operands,
// attributes and regions (`shape(result) = ...`, `element_type(result) = ...`), one function per op in
// ir/infer.cc, each citing the labels it follows (`dot_general (C12)`).
//
// Used twice: the verifier (ir/op_schema.cc) checks that a declared result type is one the rule admits,
// and the generators (generators/builder.h) take result types from here instead of copies of the rules.
//
// `?` dimensions follow the dynamism RFC: a result size computed from an unknown operand size is unknown
// (`?`); a size copied from an operand keeps its bound, a computed one has none. A declared type is
// compatible with an inferred one when the ranks agree and every size agrees where both are known (a
// declared static size refines an inferred `?`, and a declared `?` is always allowed: the run-time check is
// the kernel's). Bounds are not compared.
//
// Ops whose result type the program gives (broadcast_in_dim, reshape, iota, convert, constant, the dynamic
// ops whose sizes are operand values, ...) are "not inferable": inferResultTypes says so with a status of
// code kUnimplemented and the reason, and isInferable(id) is false.
#ifndef HLOCONF_IR_INFER_H_
#define HLOCONF_IR_INFER_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "ir/attribute.h"
#include "ir/op_id.h"
#include "ir/operation.h"
#include "ir/type.h"

namespace hloconf {

// How much of a result's element type the rule defines.
enum class ElementRule : uint8_t {
  kExact,     // all of it
  kBaseline,  // all but a quantized type's scales and zero points, which the program chooses (the ops the
              // spec defines by dequantize_op_quantize: baseline_type(result) = baseline_type(operand))
  kFree,      // none of it: dot_general and convolution may widen (i8 x i8 -> i32) or quantize their result;
              // their element constraints (C13-C20, C27-C34) are the verify functions'
};

struct InferredType {
  // A tensor type with `?` where the rule cannot know a size (its element type: the rule's, or for kFree
  // the operands', which the generators use); or a token or tuple type.
  Type type = {};
  ElementRule element = ElementRule::kExact;
  std::string shape_label = {};    // the constraint that defines the shape: "dot_general (C12)"
  std::string element_label = {};  // the one that defines the element type (empty for kFree)
  std::string rank_label = {};     // where another constraint defines the rank (convolution (C26)); empty: shape_label
};

// The result types of `op` from its id, operand types, attributes (read through ir/op_views.h) and regions
// (the block arguments and terminator operands of region bodies where a rule reads them, e.g. reduce (C8));
// op.results is not read. Errors: kUnimplemented for an op whose result type is not inferable (the message
// says why); kInvalidArgument, citing the label, when the operands and attributes break a constraint the
// rule needs (an out-of-range dimension number, mismatched sizes).
absl::StatusOr<std::vector<InferredType>> inferResultTypes(const Operation& op);

// The same from parts: an op that is not built yet (generators/builder.h). `region_arguments[i]` are the
// argument types of region i's block; `region_results[i]`, the types its terminator returns (for if, case,
// map): leave a list empty where the op has no such region.
absl::StatusOr<std::vector<InferredType>> inferResultTypes(OpId id, std::span<const Type> operands, const NamedAttrList& attributes,
                                                           std::span<const std::vector<Type>> region_arguments = {},
                                                           std::span<const std::vector<Type>> region_results = {});

// Whether the spec defines op `id`'s result types from its operands, attributes and regions.
bool isInferable(OpId id);
// Why op `id`'s result type is not inferable ("" when it is).
std::string_view notInferableReason(OpId id);

// Checks result `index`'s declared type against the inferred one; the error cites the inferred type's label:
// "dot_general (C12): result 0 has shape [2, 4], but the rule gives [2, 3]".
absl::Status checkCompatible(const Type& declared, const InferredType& inferred, size_t index);

// The spec's num_windows for one dimension (reduce_window (C15), select_and_scatter (C2), convolution
// (C25)): the number of positions of a window of `window` elements dilated by `window_dilation`, moved by
// `stride`, over the input dilated by `base_dilation` and padded by `low` and `high`. kDynamicSize for an
// unknown input or window size.
int64_t numWindows(int64_t input, int64_t base_dilation, int64_t low, int64_t high, int64_t window, int64_t window_dilation,
                   int64_t stride);

}  // namespace hloconf

#endif  // HLOCONF_IR_INFER_H_
