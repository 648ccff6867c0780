// Types of the program model: tensors (ranked, possibly dynamic, possibly bounded), quantized element
// types, tokens, tuples, function types, and scalar element types as they appear in attributes.
//
// A Type is an immutable value with structural equality; copying it is cheap (a shared pointer).
#ifndef HLOCONF_IR_TYPE_H_
#define HLOCONF_IR_TYPE_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ir/element_type.h"

namespace hloconf {

inline constexpr int64_t kDynamicSize = -1;  // a `?` dimension, or a `?` bound

// `!quant.uniform<storage<min:max>:expressed[:dim], scale:zero_point | {scale:zp, ...}>`.
struct QuantizedType {
  ElementType storage_type = ElementType::kSI8;
  int64_t storage_min = 0;
  int64_t storage_max = 0;
  bool explicit_storage_range = false;  // whether the text gave `<min:max>` (kept for printing)
  ElementType expressed_type = ElementType::kF32;
  std::optional<int64_t> quantized_dimension;  // set for per-axis quantization
  std::vector<double> scales;                  // exact values of the expressed type
  std::vector<int64_t> zero_points;
  bool operator==(const QuantizedType&) const = default;
};

class Type {
 public:
  enum class Kind : uint8_t {
    kElement,    // a scalar element type: only in attributes (`0 : i64`), function signatures use tensors
    kQuantized,  // a quantized element type
    kTensor,
    kToken,      // !stablehlo.token
    kTuple,
    kFunction,
    kNone,       // MLIR `none`
    kOpaque,     // a dialect type we do not model (`!foo.bar<...>`), kept as text
  };

  Type();  // the `none` type
  static Type element(ElementType element_type);
  static Type quantized(QuantizedType quantized_type);
  // `element` is an element or quantized type. `bounds` is empty, or has one entry per dimension
  // (kDynamicSize where unbounded), from a `#stablehlo.bounds<...>` encoding.
  static Type tensor(std::vector<int64_t> shape, Type element, std::vector<int64_t> bounds = {});
  static Type token();
  static Type tuple(std::vector<Type> elements);
  static Type function(std::vector<Type> inputs, std::vector<Type> results);
  static Type opaque(std::string text);

  Kind kind() const;
  bool isTensor() const { return kind() == Kind::kTensor; }
  bool isElement() const { return kind() == Kind::kElement; }

  // kElement: the element type. kTensor: the element type of the tensor, or the storage type when it
  // is quantized.
  ElementType elementType() const;
  // kTensor: the element (or quantized) type; kQuantized: itself.
  const Type& tensorElement() const;
  bool isQuantized() const;  // a quantized element type, or a tensor of them
  const QuantizedType& quantizedType() const;

  // kTensor only.
  const std::vector<int64_t>& shape() const;
  const std::vector<int64_t>& bounds() const;
  int64_t rank() const { return static_cast<int64_t>(shape().size()); }
  bool hasStaticShape() const;
  // Number of elements of a static shape (aborts on a dynamic shape: callers check hasStaticShape).
  int64_t numElements() const;

  // kTuple: its elements; kFunction: inputs and results.
  const std::vector<Type>& tupleElements() const;
  const std::vector<Type>& inputs() const;
  const std::vector<Type>& results() const;
  const std::string& opaqueText() const;

  // MLIR text: `tensor<2x?xf32>`, `!stablehlo.token`, `tuple<...>`, `(tensor<f32>) -> tensor<f32>`.
  std::string toString() const;
  bool operator==(const Type& other) const;
  bool operator!=(const Type& other) const { return !(*this == other); }

  struct Node;

 private:
  explicit Type(std::shared_ptr<const Node> node) : node_(std::move(node)) {}
  std::shared_ptr<const Node> node_;
};

struct Type::Node {
  Kind kind = Kind::kNone;
  ElementType element_type = ElementType::kF32;
  QuantizedType quantized;
  std::vector<int64_t> shape;
  std::vector<int64_t> bounds;
  std::vector<Type> elements;  // tensor: [element]; tuple: elements; function: inputs
  std::vector<Type> results;   // function results
  std::string text;            // opaque
};

// `[b, 0, 1, f]`-style lists, shapes and `?` dimensions print through these helpers too.
std::string quantizedTypeToString(const QuantizedType& type);

// The spec's is_promotable on element types (Type::tensorElement(): an element type or a quantized
// type): same kind and no narrower; two quantized types need one expressed type, and only their storage
// widths are compared.
bool isPromotable(const Type& from, const Type& to);

}  // namespace hloconf

#endif  // HLOCONF_IR_TYPE_H_
