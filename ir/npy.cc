#include "ir/npy.h"

#include <charconv>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>

#include "absl/status/status.h"
#include "ir/status_macros.h"
#include "ir/strings.h"

namespace hloconf {
namespace {

constexpr char kMagic[] = "\x93NUMPY";

bool isRawBitsType(ElementType t) {
  return isFloat(t) && t != ElementType::kF16 && t != ElementType::kF32 && t != ElementType::kF64;
}

// Narrow integers (2 and 4 bits) travel widened to one byte.
bool isNarrowInteger(ElementType t) {
  return t == ElementType::kSI2 || t == ElementType::kSI4 || t == ElementType::kUI2 || t == ElementType::kUI4;
}

std::string shapeText(const std::vector<int64_t>& shape) {
  std::string out = "(";
  for (size_t i = 0; i < shape.size(); ++i) strAppend(&out, i ? " " : "", shape[i], ",");
  if (shape.size() > 1) out.pop_back();  // "(2, 3)" but "(4,)" and "()"
  return out + ")";
}

struct Header {
  std::string descr;
  bool fortran_order = false;
  std::vector<int64_t> shape;
  size_t data_offset = 0;
};

// Finds `'key':` in the header dict and returns the text after it.
std::optional<std::string_view> valueAfter(std::string_view dict, std::string_view key) {
  std::string quoted = strCat("'", key, "'");
  size_t at = dict.find(quoted);
  if (at == std::string_view::npos) return std::nullopt;
  size_t colon = dict.find(':', at + quoted.size());
  if (colon == std::string_view::npos) return std::nullopt;
  std::string_view rest = dict.substr(colon + 1);
  while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
  return rest;
}

absl::StatusOr<Header> parseHeader(std::string_view bytes, std::string_view what) {
  auto bad = [&](std::string_view why) {
    return absl::InvalidArgumentError(strCat(what, ": not a valid .npy file: ", why));
  };
  if (bytes.size() < 10 || bytes.substr(0, 6) != std::string_view(kMagic, 6)) return bad("no \\x93NUMPY magic");
  int major = static_cast<uint8_t>(bytes[6]);
  size_t header_len = 0, offset = 0;
  if (major == 1) {
    header_len = static_cast<uint8_t>(bytes[8]) | (static_cast<uint8_t>(bytes[9]) << 8);
    offset = 10;
  } else if (major == 2 || major == 3) {
    if (bytes.size() < 12) return bad("truncated header");
    for (int i = 0; i < 4; ++i) header_len |= static_cast<size_t>(static_cast<uint8_t>(bytes[8 + i])) << (8 * i);
    offset = 12;
  } else {
    return bad(strCat("unknown format version ", major));
  }
  if (bytes.size() < offset + header_len) return bad("truncated header");
  std::string_view dict = bytes.substr(offset, header_len);
  Header header;
  header.data_offset = offset + header_len;

  auto descr = valueAfter(dict, "descr");
  if (!descr || descr->empty() || (descr->front() != '\'' && descr->front() != '"'))
    return bad("the header has no 'descr' string (structured dtypes are not supported)");
  size_t end = descr->find(descr->front(), 1);
  if (end == std::string_view::npos) return bad("unterminated 'descr'");
  header.descr = std::string(descr->substr(1, end - 1));

  auto fortran = valueAfter(dict, "fortran_order");
  if (!fortran) return bad("the header has no 'fortran_order'");
  header.fortran_order = fortran->substr(0, 4) == "True";

  auto shape = valueAfter(dict, "shape");
  if (!shape || shape->empty() || shape->front() != '(') return bad("the header has no 'shape' tuple");
  size_t close = shape->find(')');
  if (close == std::string_view::npos) return bad("unterminated 'shape'");
  std::string_view dims = shape->substr(1, close - 1);
  while (!dims.empty()) {
    while (!dims.empty() && (dims.front() == ' ' || dims.front() == ',')) dims.remove_prefix(1);
    if (dims.empty()) break;
    int64_t dim = 0;
    auto [ptr, ec] = std::from_chars(dims.data(), dims.data() + dims.size(), dim);
    if (ec != std::errc() || dim < 0) return bad("a 'shape' entry is not a non-negative integer");
    header.shape.push_back(dim);
    dims.remove_prefix(ptr - dims.data());
  }
  return header;
}

// The dtype's item size from a descriptor like "<f4" / "|V2"; 0 when unparsable.
int descrItemSize(std::string_view descr) {
  if (descr.size() < 3) return 0;
  int size = 0;
  auto [ptr, ec] = std::from_chars(descr.data() + 2, descr.data() + descr.size(), size);
  return ec == std::errc() && ptr == descr.data() + descr.size() ? size : 0;
}

// Whether a file's descriptor can carry `t`'s values. Byte order: '<' and '|' are accepted ('=' too,
// on our little-endian hosts); '>' never.
bool descrFits(std::string_view descr, ElementType t) {
  if (descr.empty() || descr[0] == '>') return false;
  std::string want = npyDescr(t);
  auto body = [](std::string_view d) { return d.substr(1); };
  if (body(descr) == body(want)) return true;
  if (isRawBitsType(t)) {
    int size = descrItemSize(descr);
    char kind = descr.size() > 1 ? descr[1] : 0;
    return size == storageBytes(t) && (kind == 'V' || kind == 'u' || kind == 'i');
  }
  return false;
}

}  // namespace

std::string npyDescr(ElementType t) {
  switch (t) {
    case ElementType::kI1: return "|b1";
    case ElementType::kSI2: case ElementType::kSI4: case ElementType::kSI8: return "|i1";
    case ElementType::kSI16: return "<i2";
    case ElementType::kSI32: return "<i4";
    case ElementType::kSI64: case ElementType::kIndex: return "<i8";
    case ElementType::kUI2: case ElementType::kUI4: case ElementType::kUI8: return "|u1";
    case ElementType::kUI16: return "<u2";
    case ElementType::kUI32: return "<u4";
    case ElementType::kUI64: return "<u8";
    case ElementType::kF16: return "<f2";
    case ElementType::kF32: return "<f4";
    case ElementType::kF64: return "<f8";
    case ElementType::kC64: return "<c8";
    case ElementType::kC128: return "<c16";
    default: break;
  }
  int bytes = storageBytes(t);
  return bytes == 1 ? "|u1" : strCat("<u", bytes);
}

std::string encodeNpy(const Tensor& tensor) {
  ElementType t = tensor.elementType();
  std::string dict = strCat("{'descr': '", npyDescr(t), "', 'fortran_order': False, 'shape': ",
                            shapeText(tensor.type().shape()), ", }");
  // Magic (6) + version (2) + length (2) + dict + padding + '\n' is a multiple of 64.
  size_t unpadded = 10 + dict.size() + 1;
  dict.append((64 - unpadded % 64) % 64, ' ');
  dict.push_back('\n');
  std::string out(kMagic, 6);
  out.push_back('\x01');
  out.push_back('\x00');
  out.push_back(static_cast<char>(dict.size() & 0xff));
  out.push_back(static_cast<char>(dict.size() >> 8));
  out += dict;
  const std::vector<uint8_t>& data = tensor.bytes();
  if (t == ElementType::kSI2 || t == ElementType::kSI4) {
    int shift = 8 - bitWidth(t);
    for (uint8_t byte : data) out.push_back(static_cast<char>(static_cast<int8_t>(byte << shift) >> shift));
  } else {
    out.append(reinterpret_cast<const char*>(data.data()), data.size());
  }
  return out;
}

namespace {

// What may follow the data of a `.npy` file.
enum class AfterData { kAnything, kNothing };

absl::StatusOr<Tensor> decode(std::string_view bytes, const Type& type, std::string_view what, AfterData after_data) {
  if (!type.isTensor() || !type.hasStaticShape())
    return absl::InvalidArgumentError(strCat(what, ": the expected type ", type.toString(), " is not a static tensor type"));
  ASSIGN_OR_RETURN(auto header, parseHeader(bytes, what));
  Tensor tensor(type);
  ElementType t = tensor.elementType();
  if (!descrFits(header.descr, t))
    return absl::InvalidArgumentError(strCat(what, ": dtype '", header.descr, "' cannot hold ", type.toString(),
                                             " (expected '", npyDescr(t), "')"));
  if (header.shape != type.shape())
    return absl::InvalidArgumentError(strCat(what, ": shape ", shapeText(header.shape), " does not match ",
                                             type.toString()));
  if (header.fortran_order && type.rank() > 1)
    return absl::InvalidArgumentError(strCat(what, ": Fortran-order arrays are not supported; save with C order"));
  size_t need = tensor.bytes().size();
  if (bytes.size() - header.data_offset < need)
    return absl::InvalidArgumentError(strCat(what, ": the data is truncated (", bytes.size() - header.data_offset,
                                             " bytes, ", need, " needed)"));
  if (after_data == AfterData::kNothing && bytes.size() - header.data_offset > need)
    return absl::InvalidArgumentError(strCat(what, ": ", bytes.size() - header.data_offset - need, " bytes after the data of ",
                                             type.toString(), " (the file has ", bytes.size(), " bytes, ", header.data_offset + need,
                                             " expected)"));
  if (need > 0) std::memcpy(tensor.mutableBytes().data(), bytes.data() + header.data_offset, need);
  if (isNarrowInteger(t) || t == ElementType::kI1) {
    // Out-of-range values would break the "bits in the low bits" invariant: check, then mask.
    for (int64_t i = 0; i < tensor.numElements(); ++i) {
      uint8_t byte = tensor.mutableBytes()[i];
      bool fits = t == ElementType::kI1 ? byte <= 1
                  : isSignedInteger(t) ? fitsInteger(t, static_cast<int8_t>(byte) < 0,
                                                     static_cast<uint64_t>(std::abs(static_cast<int>(static_cast<int8_t>(byte)))))
                                       : fitsInteger(t, false, byte);
      if (!fits)
        return absl::InvalidArgumentError(strCat(what, ": element ", i, " (", static_cast<int>(static_cast<int8_t>(byte)),
                                                 ") is out of range for ", elementTypeName(t)));
      tensor.mutableBytes()[i] = static_cast<uint8_t>(byte & ((1u << bitWidth(t)) - 1));
    }
  } else if (isRawBitsType(t) && bitWidth(t) < 8 * storageBytes(t)) {
    uint64_t mask = (uint64_t{1} << bitWidth(t)) - 1;
    for (int64_t i = 0; i < tensor.numElements(); ++i)
      if (tensor.bits(i) & ~mask)
        return absl::InvalidArgumentError(strCat(what, ": element ", i, " has bits above the ", bitWidth(t),
                                                 " bits of ", elementTypeName(t)));
  }
  return tensor;
}

}  // namespace

absl::StatusOr<Tensor> decodeNpy(std::string_view bytes, const Type& type, std::string_view what) {
  return decode(bytes, type, what, AfterData::kAnything);
}

absl::StatusOr<Tensor> decodeNpyExact(std::string_view bytes, const Type& type, std::string_view what) {
  return decode(bytes, type, what, AfterData::kNothing);
}

absl::StatusOr<Tensor> decodeNpyInferType(std::string_view bytes, std::string_view what) {
  ASSIGN_OR_RETURN(auto header, parseHeader(bytes, what));
  static const ElementType kTypes[] = {
      ElementType::kI1,   ElementType::kSI8,  ElementType::kSI16, ElementType::kSI32, ElementType::kSI64,
      ElementType::kUI8,  ElementType::kUI16, ElementType::kUI32, ElementType::kUI64, ElementType::kF16,
      ElementType::kF32,  ElementType::kF64,  ElementType::kC64,  ElementType::kC128};
  for (ElementType t : kTypes) {
    if (header.descr.size() > 1 && header.descr[0] != '>' && header.descr.substr(1) == npyDescr(t).substr(1))
      return decodeNpy(bytes, Type::tensor(header.shape, Type::element(t)), what);
  }
  return absl::InvalidArgumentError(strCat(what, ": dtype '", header.descr,
                                           "' is not one of bool, int8..int64, uint8..uint64, float16/32/64, complex64/128"));
}

absl::Status writeNpyFile(const std::string& path, const Tensor& tensor) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  std::string bytes = encodeNpy(tensor);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) return absl::InternalError(strCat("cannot write ", path));
  return absl::OkStatus();
}

absl::StatusOr<Tensor> readNpyFile(const std::string& path, const Type& type) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(strCat("cannot open ", path));
  std::stringstream buffer;
  buffer << in.rdbuf();
  return decodeNpy(buffer.str(), type, path);
}

}  // namespace hloconf
