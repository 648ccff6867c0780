// Tensors as .npy files, the protocol's tensor format (ir/npy.h): every element type round-trips bit
// for bit, under the dtype the convention gives it; narrow integers widen; raw-bits types accept what
// NumPy and ml_dtypes write.
#include <cstdio>

#include "adapter_test_util.h"
#include "ir/npy.h"

namespace hloconf::test {
namespace {

// The convention of ir/npy.h, spelled out: element type -> dtype descriptor.
const std::pair<const char*, const char*> kConvention[] = {
    {"i1", "|b1"},          {"i2", "|i1"},       {"i4", "|i1"},          {"i8", "|i1"},        {"i16", "<i2"},
    {"i32", "<i4"},         {"i64", "<i8"},      {"ui2", "|u1"},         {"ui4", "|u1"},       {"ui8", "|u1"},
    {"ui16", "<u2"},        {"ui32", "<u4"},     {"ui64", "<u8"},        {"f4E2M1FN", "|u1"},  {"f6E2M3FN", "|u1"},
    {"f6E3M2FN", "|u1"},    {"f8E3M4", "|u1"},   {"f8E4M3", "|u1"},      {"f8E4M3FN", "|u1"},  {"f8E4M3FNUZ", "|u1"},
    {"f8E4M3B11FNUZ", "|u1"}, {"f8E5M2", "|u1"}, {"f8E5M2FNUZ", "|u1"},  {"f8E8M0FNU", "|u1"}, {"bf16", "<u2"},
    {"f16", "<f2"},         {"tf32", "<u4"},     {"f32", "<f4"},         {"f64", "<f8"},       {"complex<f32>", "<c8"},
    {"complex<f64>", "<c16"},
};

std::string descrOf(const std::string& npy) {
  size_t at = npy.find("'descr': '");
  if (at == std::string::npos) return "";
  at += 10;
  return npy.substr(at, npy.find('\'', at) - at);
}

TEST(Npy, EveryElementTypeRoundTripsUnderItsDtype) {
  uint64_t seed = 1;
  for (const auto& [element, descr] : kConvention) {
    SCOPED_TRACE(element);
    for (const char* shape : {"", "5x", "2x0x3x", "2x3x4x"}) {
      Tensor tensor = randomTensor(strCat("tensor<", shape, element, ">"), seed++);
      std::string npy = encodeNpy(tensor);
      EXPECT_EQ(npy.substr(0, 6), "\x93NUMPY");
      EXPECT_EQ(descrOf(npy), descr);
      size_t header = 10 + (static_cast<uint8_t>(npy[8]) | static_cast<uint8_t>(npy[9]) << 8);
      EXPECT_EQ(header % 64, 0u);  // NumPy aligns the data
      EXPECT_EQ(npy.size() - header, tensor.bytes().size());
      auto back = decodeNpy(npy, tensor.type(), "test");
      ASSERT_TRUE(back.ok()) << back.status().message();
      EXPECT_TRUE(*back == tensor);
    }
  }
}

TEST(Npy, NarrowIntegersTravelWidened) {
  Tensor si4(Type::tensor({3}, Type::element(ElementType::kSI4)));
  si4.setBits(0, encodeInteger(ElementType::kSI4, -3));
  si4.setBits(1, encodeInteger(ElementType::kSI4, 7));
  si4.setBits(2, encodeInteger(ElementType::kSI4, -8));
  std::string npy = encodeNpy(si4);
  EXPECT_EQ(npy.substr(npy.size() - 3), std::string("\xFD\x07\xF8", 3));  // sign-extended int8
  auto back = decodeNpy(npy, si4.type(), "si4");
  ASSERT_TRUE(back.ok());
  EXPECT_TRUE(*back == si4);

  // A value outside si4's range is an error, not a silent wrap.
  std::string wide = npy;
  wide[wide.size() - 1] = 0x10;
  EXPECT_FALSE(decodeNpy(wide, si4.type(), "si4").ok());
  Tensor i1(Type::tensor({2}, Type::element(ElementType::kI1)));
  std::string two = encodeNpy(i1);
  two.back() = 2;
  EXPECT_FALSE(decodeNpy(two, i1.type(), "i1").ok());
}

TEST(Npy, RawBitsTypesAcceptVoidAndIntegerDtypesOfTheirSize) {
  Tensor bf16 = randomTensor("tensor<4xbf16>", 3);
  std::string npy = encodeNpy(bf16);
  const size_t at = npy.find("'<u2'");
  ASSERT_NE(at, std::string::npos);
  for (const char* other : {"'|V2'", "'<i2'"}) {
    std::string variant = npy;
    variant.replace(at, 5, other);
    auto back = decodeNpy(variant, bf16.type(), other);
    ASSERT_TRUE(back.ok()) << back.status().message();
    EXPECT_TRUE(*back == bf16);
  }
  for (const char* wrong : {"'<f2'", "'|V4'", "'>u2'"}) {
    std::string variant = npy;
    variant.replace(at, 5, wrong);
    EXPECT_FALSE(decodeNpy(variant, bf16.type(), wrong).ok()) << wrong;
  }
  // f6 bits above the format's 6 bits are refused.
  Tensor f6(Type::tensor({1}, Type::element(ElementType::kF6E3M2FN)));
  std::string high = encodeNpy(f6);
  high.back() = static_cast<char>(0x40);
  EXPECT_FALSE(decodeNpy(high, f6.type(), "f6").ok());
}

TEST(Npy, MismatchesAreReported) {
  Tensor f32 = randomTensor("tensor<2x2xf32>", 4);
  std::string npy = encodeNpy(f32);
  auto wrong_shape = decodeNpy(npy, Type::tensor({4}, Type::element(ElementType::kF32)), "x.npy");
  ASSERT_FALSE(wrong_shape.ok());
  EXPECT_NE(wrong_shape.status().message().find("shape"), std::string::npos);
  EXPECT_FALSE(decodeNpy(npy, Type::tensor({2, 2}, Type::element(ElementType::kF64)), "x.npy").ok());
  EXPECT_FALSE(decodeNpy(npy.substr(0, npy.size() - 1), f32.type(), "x.npy").ok());
  EXPECT_FALSE(decodeNpy("not npy", f32.type(), "x.npy").ok());
}

TEST(Npy, ExactDecodingRefusesBytesAfterTheData) {
  Tensor f32 = randomTensor("tensor<2x2xf32>", 4);
  const std::string npy = encodeNpy(f32);
  ASSERT_TRUE(decodeNpyExact(npy, f32.type(), "x.npy").ok());
  // decodeNpy reads the 16 bytes it needs and ignores the rest; the exact decode counts them.
  EXPECT_TRUE(decodeNpy(npy + "abc", f32.type(), "x.npy").ok());
  absl::StatusOr<Tensor> longer = decodeNpyExact(npy + "abc", f32.type(), "x.npy");
  ASSERT_FALSE(longer.ok());
  EXPECT_EQ(longer.status().message(), strCat("x.npy: 3 bytes after the data of tensor<2x2xf32> (the file has ", npy.size() + 3, " bytes, ",
                                              npy.size(), " expected)"));
  // Too short is still "truncated", and a wrong header is still named before the data is looked at.
  absl::StatusOr<Tensor> shorter = decodeNpyExact(npy.substr(0, npy.size() - 1), f32.type(), "x.npy");
  ASSERT_FALSE(shorter.ok());
  EXPECT_NE(shorter.status().message().find("truncated"), std::string::npos) << shorter.status();
  absl::StatusOr<Tensor> wrong_type = decodeNpyExact(npy + "abc", Type::tensor({4}, Type::element(ElementType::kF32)), "x.npy");
  ASSERT_FALSE(wrong_type.ok());
  EXPECT_NE(wrong_type.status().message().find("shape"), std::string::npos) << wrong_type.status();
}

TEST(Npy, FilesNumPyWritesAreRead) {
  if (!pythonWithNumpy()) GTEST_SKIP() << "/usr/bin/python3 with numpy is missing";
  ScratchDir dir;
  const std::string script = strCat(
      "import numpy as np\n"
      "d = '", dir.path(), "'\n"
      "np.save(d + '/f.npy', np.array([[1.5, -2.0], [np.inf, 0.25]], dtype=np.float32))\n"
      "np.save(d + '/b.npy', np.array([0x3FC0, 0xFF80], dtype=np.uint16))\n"
      "np.save(d + '/i.npy', np.array([True, False, True]))\n"
      "np.save(d + '/c.npy', np.array([1 - 2j], dtype=np.complex128))\n"
      "np.save(d + '/s.npy', np.array([-8, 7], dtype=np.int8))\n");
  std::ofstream(dir.path() + "/write.py") << script;
  ASSERT_EQ(std::system(strCat("/usr/bin/python3 ", dir.path(), "/write.py").c_str()), 0);

  auto f = readNpyFile(dir.path() + "/f.npy", Type::tensor({2, 2}, Type::element(ElementType::kF32)));
  ASSERT_TRUE(f.ok()) << f.status().message();
  EXPECT_EQ(f->bits(0), 0x3FC00000u);
  EXPECT_EQ(f->bits(2), 0x7F800000u);
  auto b = readNpyFile(dir.path() + "/b.npy", Type::tensor({2}, Type::element(ElementType::kBF16)));
  ASSERT_TRUE(b.ok()) << b.status().message();
  EXPECT_EQ(b->bits(1), 0xFF80u);
  auto i = readNpyFile(dir.path() + "/i.npy", Type::tensor({3}, Type::element(ElementType::kI1)));
  ASSERT_TRUE(i.ok()) << i.status().message();
  EXPECT_EQ(i->bits(0) + 2 * i->bits(1) + 4 * i->bits(2), 5u);
  auto c = readNpyFile(dir.path() + "/c.npy", Type::tensor({1}, Type::element(ElementType::kC128)));
  ASSERT_TRUE(c.ok()) << c.status().message();
  EXPECT_EQ(c->bits(0, 1), doubleToBits(-2.0));
  auto s = readNpyFile(dir.path() + "/s.npy", Type::tensor({2}, Type::element(ElementType::kSI4)));
  ASSERT_TRUE(s.ok()) << s.status().message();
  EXPECT_EQ(decodeSignedInteger(ElementType::kSI4, s->bits(0)), -8);
  EXPECT_EQ(decodeSignedInteger(ElementType::kSI4, s->bits(1)), 7);
}

}  // namespace
}  // namespace hloconf::test
