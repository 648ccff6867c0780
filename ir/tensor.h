// A tensor value: a static-shaped tensor type and a row-major, little-endian byte buffer.
//
// Each element takes storageBytes(elementType) bytes with its bits in the low bitWidth bits (see
// ir/element_type.h); complex elements hold the real part's bits, then the imaginary part's. Quantized
// tensors store their storage-type integers.
#ifndef HLOCONF_IR_TENSOR_H_
#define HLOCONF_IR_TENSOR_H_

#include <cstdint>
#include <string>
#include <vector>

#include "ir/type.h"

namespace hloconf {

class Tensor {
 public:
  Tensor() = default;
  // A zero-filled tensor of a static-shaped tensor type.
  explicit Tensor(Type type);
  // A tensor of a static-shaped tensor type holding `bytes` (which must have its size: checked, an
  // std::invalid_argument otherwise), without a zero fill or a copy.
  Tensor(Type type, std::vector<uint8_t> bytes);

  const Type& type() const { return type_; }
  ElementType elementType() const { return element_type_; }
  int64_t numElements() const { return num_elements_; }
  // Bytes of one element (both parts for complex).
  int elementBytes() const { return element_bytes_; }

  const std::vector<uint8_t>& bytes() const { return bytes_; }
  std::vector<uint8_t>& mutableBytes() { return bytes_; }

  // Bits of element `index` (row-major); for complex types `part` 0 is the real part, 1 the imaginary.
  uint64_t bits(int64_t index, int part = 0) const;
  void setBits(int64_t index, uint64_t bits, int part = 0);

  // Whether every element has the same bits (true for empty tensors).
  bool isSplat() const;

  bool operator==(const Tensor& other) const { return type_ == other.type_ && bytes_ == other.bytes_; }

 private:
  Type type_;
  ElementType element_type_ = ElementType::kF32;
  int64_t num_elements_ = 0;
  int element_bytes_ = 0;
  int part_bytes_ = 0;
  std::vector<uint8_t> bytes_;
};

}  // namespace hloconf

#endif  // HLOCONF_IR_TENSOR_H_
