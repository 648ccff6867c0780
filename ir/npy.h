// Tensors as NumPy `.npy` files (format version 1.0), the tensor format of the backend protocol,
// golden vectors and infeed files.
//
// Element types NumPy has map to their NumPy dtype: i1 `|b1`, si8..si64 `|i1`..`<i8`, ui8..ui64
// `|u1`..`<u8`, f16 `<f2`, f32 `<f4`, f64 `<f8`, complex<f32> `<c8`, complex<f64> `<c16`. The others
// travel as their raw bits in an unsigned integer of their storage size: bf16 `<u2`, tf32 `<u4`, every
// f8/f6/f4 type `|u1` (bits in the low bits); si2/si4 as `|i1` (sign-extended values), ui2/ui4 as `|u1`.
// Quantized tensors travel as their storage integers. The element type itself is therefore not always
// recoverable from the file: readers are given the expected type (adapters/PROTOCOL.md names it beside
// every file). On reading, a raw-bits type also accepts NumPy's `|V<n>` (what `np.save` writes for an
// ml_dtypes array) and a bit-compatible integer dtype of the same size.
#ifndef HLOCONF_IR_NPY_H_
#define HLOCONF_IR_NPY_H_

#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "ir/tensor.h"
#include "ir/type.h"

namespace hloconf {

// The dtype descriptor `t` is written with (see above).
std::string npyDescr(ElementType t);

// The whole `.npy` file for `tensor` (static shape).
std::string encodeNpy(const Tensor& tensor);

// Decodes a `.npy` file into a tensor of `type` (a static-shaped tensor type). `what` names the file
// in error messages ("input 0", a path).
absl::StatusOr<Tensor> decodeNpy(std::string_view bytes, const Type& type, std::string_view what);
// decodeNpy, and the data must end exactly where `bytes` end: bytes after it are an error that counts
// them. decodeNpy reads the data it needs and ignores what follows; a backend's output file with more
// data than its type holds is a wrong answer, not one to read the start of.
absl::StatusOr<Tensor> decodeNpyExact(std::string_view bytes, const Type& type, std::string_view what);

// Decodes a `.npy` file whose dtype is one NumPy has (bool, integers, f16/f32/f64, complex), taking
// the element type from it (`<u2` gives ui16, never bf16).
absl::StatusOr<Tensor> decodeNpyInferType(std::string_view bytes, std::string_view what);

absl::Status writeNpyFile(const std::string& path, const Tensor& tensor);
absl::StatusOr<Tensor> readNpyFile(const std::string& path, const Type& type);

}  // namespace hloconf

#endif  // HLOCONF_IR_NPY_H_
