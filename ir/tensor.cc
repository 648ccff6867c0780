#include "ir/tensor.h"

#include <stdexcept>

#include <cstring>

namespace hloconf {

Tensor::Tensor(Type type)
    : type_(std::move(type)),
      element_type_(type_.elementType()),
      num_elements_(type_.numElements()),
      element_bytes_(storageBytes(element_type_)),
      part_bytes_(isComplex(element_type_) ? element_bytes_ / 2 : element_bytes_),
      bytes_(static_cast<size_t>(num_elements_) * element_bytes_) {}

Tensor::Tensor(Type type, std::vector<uint8_t> bytes)
    : type_(std::move(type)),
      element_type_(type_.elementType()),
      num_elements_(type_.numElements()),
      element_bytes_(storageBytes(element_type_)),
      part_bytes_(isComplex(element_type_) ? element_bytes_ / 2 : element_bytes_),
      bytes_(std::move(bytes)) {
  if (bytes_.size() != static_cast<size_t>(num_elements_) * element_bytes_)
    throw std::invalid_argument("Tensor: the bytes do not have the type's size");
}

uint64_t Tensor::bits(int64_t index, int part) const {
  uint64_t value = 0;
  // Little-endian host (x86-64, aarch64): the low bytes of `value` are the element's bytes.
  std::memcpy(&value, bytes_.data() + index * element_bytes_ + part * part_bytes_, part_bytes_);
  return value;
}

void Tensor::setBits(int64_t index, uint64_t bits, int part) {
  std::memcpy(bytes_.data() + index * element_bytes_ + part * part_bytes_, &bits, part_bytes_);
}

bool Tensor::isSplat() const {
  for (size_t offset = element_bytes_; offset < bytes_.size(); offset += element_bytes_)
    if (std::memcmp(bytes_.data(), bytes_.data() + offset, element_bytes_) != 0) return false;
  return true;
}

}  // namespace hloconf
