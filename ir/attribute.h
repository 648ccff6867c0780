// Attributes: the static data of operations (MLIR builtin attributes plus StableHLO's enums and
// structs). An attribute is immutable and shared; `toString` prints the MLIR text that MLIR parses.
#ifndef HLOCONF_IR_ATTRIBUTE_H_
#define HLOCONF_IR_ATTRIBUTE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ir/tensor.h"
#include "ir/type.h"

namespace hloconf {

class Attribute;
using Attr = std::shared_ptr<const Attribute>;

struct NamedAttr {
  std::string name;
  Attr value;
};
// Kept in the order written; printed sorted by name, as MLIR's dictionaries are.
using NamedAttrList = std::vector<NamedAttr>;
const Attr* findAttr(const NamedAttrList& list, std::string_view name);

// `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`: convolution dimension numbers.
struct ConvDimensionNumbers {
  int64_t input_batch = 0, input_feature = 0;
  std::vector<int64_t> input_spatial;
  int64_t kernel_input_feature = 0, kernel_output_feature = 0;
  std::vector<int64_t> kernel_spatial;
  int64_t output_batch = 0, output_feature = 0;
  std::vector<int64_t> output_spatial;
  bool operator==(const ConvDimensionNumbers&) const = default;
};

class Attribute {
 public:
  enum class Kind : uint8_t {
    kUnit,           // `unit`, or a name without `= value` in a dictionary
    kBool,           // true / false
    kInteger,        // `5 : i32` (type: an integer element type or index)
    kFloat,          // `1.5 : f32` (exact bits of the type)
    kString,         // "text"
    kType,           // a type used as a value
    kSymbolRef,      // @a or @a::@b
    kArray,          // [a, b]
    kDenseArray,     // array<i64: 1, 2>
    kDenseElements,  // dense<...> : tensor<...>
    kDictionary,     // {a = 1, b}
    kEnum,           // #stablehlo<precision DEFAULT>; with no dialect, a bare identifier inside a struct
    kStruct,         // #stablehlo.gather<offset_dims = [1], ...>
    kConvDimensions, // #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>
    kOpaque,         // any other dialect attribute, kept as its text
  };

  static Attr unit();
  static Attr boolean(bool value);
  static Attr integer(int64_t value, ElementType type = ElementType::kSI64);
  static Attr floating(uint64_t bits, ElementType type);
  static Attr string(std::string value);
  static Attr type(Type value);
  static Attr symbolRef(std::vector<std::string> path);
  static Attr array(std::vector<Attr> elements);
  static Attr denseArray(ElementType element_type, std::vector<uint64_t> bits);
  static Attr denseElements(Tensor value);
  static Attr dictionary(NamedAttrList entries);
  static Attr enumValue(std::string dialect, std::string enum_name, std::string value);
  static Attr structValue(std::string mnemonic, NamedAttrList fields);
  static Attr convDimensions(ConvDimensionNumbers dims);
  static Attr opaque(std::string text);

  Kind kind() const { return kind_; }

  bool boolValue() const { return bool_value_; }
  int64_t intValue() const { return int_value_; }    // kInteger: value (bits for ui64)
  uint64_t floatBits() const { return bits_; }       // kFloat
  ElementType elementType() const { return element_type_; }  // kInteger, kFloat, kDenseArray
  const std::string& text() const { return text_; }  // kString, kOpaque, kEnum value, kStruct mnemonic
  const std::string& enumDialect() const { return dialect_; }
  const std::string& enumName() const { return enum_name_; }
  const Type& typeValue() const { return type_; }    // kType
  const std::vector<std::string>& symbolPath() const { return symbol_path_; }
  const std::vector<Attr>& elements() const { return elements_; }       // kArray
  const std::vector<uint64_t>& denseArrayBits() const { return dense_array_; }
  std::vector<int64_t> denseArrayValues() const;                        // integer dense arrays
  const Tensor& denseElements() const { return tensor_; }              // kDenseElements
  const NamedAttrList& entries() const { return entries_; }            // kDictionary, kStruct
  const ConvDimensionNumbers& convDimensions() const { return conv_; }

  // MLIR text. `elide_type`: leave out `: i64` / `: f64` as MLIR does inside arrays.
  std::string toString(bool elide_type = false) const;

  explicit Attribute(Kind kind) : kind_(kind) {}

 private:
  Kind kind_;
  bool bool_value_ = false;
  int64_t int_value_ = 0;
  uint64_t bits_ = 0;
  ElementType element_type_ = ElementType::kSI64;
  std::string text_, dialect_, enum_name_;
  Type type_;
  std::vector<std::string> symbol_path_;
  std::vector<Attr> elements_;
  std::vector<uint64_t> dense_array_;
  Tensor tensor_;
  NamedAttrList entries_;
  ConvDimensionNumbers conv_;
};

// Printing helpers shared by the printer and attribute text.
std::string quoteString(std::string_view value);
// One element of a tensor or dense array as MLIR literal text (`true`, `-3`, `1.5`, `0x7FC00000`,
// `(1.0, 2.0)`).
std::string elementLiteral(ElementType type, uint64_t bits, uint64_t imag_bits = 0);
// `dense<...>` text (without the `: type` suffix): splat, nested lists, or a hex blob for large tensors.
std::string denseLiteral(const Tensor& tensor);
// `dense<"0x...">` (without the `: type` suffix) holding every element, in MLIR's raw layout, which the
// parser reads: each element (each part of a complex one) little-endian in its bit width rounded up to
// whole bytes, so tf32 takes three bytes, i1 and the sub-byte types one (docs/element-types.md).
std::string hexBlobLiteral(const Tensor& tensor);
// A symbol name, quoted when it is not a bare identifier.
std::string symbolName(std::string_view name);

}  // namespace hloconf

#endif  // HLOCONF_IR_ATTRIBUTE_H_
