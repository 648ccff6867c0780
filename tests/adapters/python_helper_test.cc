// The Python helper's raw-bits codecs against the C++ element-type layer (ir/element_type.h): decode_raw
// on every encoding of every raw-bits float type (a sample for tf32), and encode_raw (bf16, tf32) on
// random and special float32 values, must give the same bits as decodeFloat / encodeFloat.
#include <mpfr.h>

#include <bit>
#include <cmath>
#include <random>

#include "adapter_test_util.h"
#include "nlohmann/json.hpp"
#include "ir/npy.h"

namespace hloconf::test {
namespace {

// Bits of the float32 nearest to a value of `t` (exact: every raw-bits type fits in float32).
uint32_t asFloat32Bits(ElementType t, uint64_t bits) {
  mpfr_t value;
  mpfr_init2(value, 64);
  decodeFloat(t, bits, value);
  uint64_t f32 = encodeFloat(ElementType::kF32, value);
  mpfr_clear(value);
  return static_cast<uint32_t>(f32);
}

Tensor vector(ElementType t, const std::vector<uint64_t>& bits) {
  Tensor tensor(Type::tensor({static_cast<int64_t>(bits.size())}, Type::element(t)));
  for (size_t i = 0; i < bits.size(); ++i) tensor.setBits(static_cast<int64_t>(i), bits[i]);
  return tensor;
}

TEST(PythonHelper, RawBitsCodecsAgreeWithTheElementTypeLayer) {
  if (!pythonWithNumpy()) GTEST_SKIP() << "/usr/bin/python3 with numpy is missing";
  ScratchDir dir;
  std::mt19937_64 random(42);
  std::vector<std::string> names;
  for (int i = 0; i < kNumElementTypes; ++i) {
    ElementType t = static_cast<ElementType>(i);
    if (!isFloat(t) || t == ElementType::kF16 || t == ElementType::kF32 || t == ElementType::kF64) continue;
    const std::string name(elementTypeName(t));
    std::vector<uint64_t> codes, expected;
    const int width = bitWidth(t);
    if (width <= 16) {
      for (uint64_t code = 0; code < (uint64_t{1} << width); ++code) codes.push_back(code);
    } else {
      for (int k = 0; k < 4096; ++k) codes.push_back(random() & ((uint64_t{1} << width) - 1));
    }
    for (uint64_t code : codes) expected.push_back(asFloat32Bits(t, code));
    ASSERT_TRUE(writeNpyFile(strCat(dir.path(), "/", name, ".bits.npy"), vector(t, codes)).ok());
    ASSERT_TRUE(writeNpyFile(strCat(dir.path(), "/", name, ".f32.npy"), vector(ElementType::kUI32, expected)).ok());
    names.push_back(name);
  }
  // encode_raw: random float32 bits plus the edges of rounding (ties, overflow, subnormals, NaN).
  std::vector<uint64_t> inputs = {0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00001,
                                  0x3F808000, 0x3F818000, 0x3F807FFF, 0x7F7FFFFF, 0x7F7F8000, 0x00000001,
                                  0x00008000, 0x80018000, 0x3F801000, 0x3F803000};
  for (int k = 0; k < 20000; ++k) inputs.push_back(random() & 0xFFFFFFFFu);
  // Every raw-bits float type: bf16 and tf32 by their bit arithmetic, the f8/f6/f4 formats by search.
  // Near the narrow formats' values too (a random f32 lands far outside most of them).
  for (int k = 0; k < 4000; ++k) {
    const double value = std::ldexp(static_cast<double>(random() % 4096) / 128.0, static_cast<int>(random() % 40) - 20);
    inputs.push_back(random() % 2 ? std::bit_cast<uint32_t>(static_cast<float>(value)) :
                                    std::bit_cast<uint32_t>(-static_cast<float>(value)));
  }
  ASSERT_TRUE(writeNpyFile(dir.path() + "/encode.in.npy", vector(ElementType::kF32, inputs)).ok());
  for (const std::string& name : names) {
    const ElementType t = *parseElementTypeName(name);
    std::vector<uint64_t> expected;
    mpfr_t value;
    mpfr_init2(value, 64);
    for (uint64_t bits : inputs) {
      decodeFloat(ElementType::kF32, bits, value);
      expected.push_back(encodeFloat(t, value));
    }
    mpfr_clear(value);
    ASSERT_TRUE(writeNpyFile(strCat(dir.path(), "/encode.", elementTypeName(t), ".npy"), vector(ElementType::kUI32, expected)).ok());
  }

  std::string script = strCat("import sys, numpy as np\nsys.path.insert(0, '", HLOCONF_SOURCE_DIR, "/adapters/python')\n",
                              "import hloconf_adapter as h\nd = '", dir.path(), "'\nbad = 0\nnames = []\n", "for name in [");
  for (const std::string& name : names) strAppend(&script, "'", name, "', ");
  script +=
      "]:\n"
      "  names.append(name)\n"
      "for name in names:\n"
      "    got = h.decode_raw(np.load(f'{d}/{name}.bits.npy'), name).view(np.uint32)\n"
      "    want = np.load(f'{d}/{name}.f32.npy')\n"
      "    # NaN payloads are not the point: any NaN matches any NaN.\n"
      "    nan_got = np.isnan(got.view(np.float32)); nan_want = np.isnan(want.view(np.float32))\n"
      "    wrong = np.nonzero((got != want) & ~(nan_got & nan_want))[0]\n"
      "    if len(wrong): bad += 1; print(name, 'decode differs at', wrong[:5], got[wrong[:5]], want[wrong[:5]])\n"
      "values = np.load(f'{d}/encode.in.npy')\n"
      "for name in names:\n"
      "    got = h.encode_raw(values, name).astype(np.uint32)\n"
      "    want = np.load(f'{d}/encode.{name}.npy')\n"
      "    wrong = np.nonzero(got != want)[0]\n"
      "    if len(wrong): bad += 1; print(name, 'encode differs at', values.view(np.uint32)[wrong[:5]], got[wrong[:5]], want[wrong[:5]])\n"
      "try:\n"
      "    h.encode_raw(np.zeros(2), 'bf16'); bad += 1; print('float64 accepted')\n"
      "except ValueError:\n"
      "    pass\n"
      "sys.exit(1 if bad else 0)\n";
  std::ofstream(dir.path() + "/check.py") << script;
  const std::string output_path = dir.path() + "/check.out";
  int status = std::system(strCat("/usr/bin/python3 ", dir.path(), "/check.py > ", output_path, " 2>&1").c_str());
  EXPECT_EQ(status, 0) << readText(output_path);
  EXPECT_GE(names.size(), 13u);  // bf16, tf32 and the eleven f8/f6/f4 formats
}

}  // namespace
}  // namespace hloconf::test

namespace hloconf::test {
namespace {

// Issue 18, item 18: the adapter template of adapters/README.md, run as written: a stand-in `mybackend`
// whose compiled program returns abs of its input as a tuple, which the template turns into the list the
// protocol wants. The spec cases of abs in the template's element types must PASS.
TEST(PythonHelper, TheReadmeAdapterTemplateRunsAsWritten) {
  if (!pythonWithNumpy()) GTEST_SKIP() << "/usr/bin/python3 with numpy is missing";
  const std::string readme = readText(std::string(HLOCONF_SOURCE_DIR) + "/adapters/README.md");
  const size_t intro = readme.find("The second is `adapter.py`");
  ASSERT_NE(intro, std::string::npos);
  const size_t begin = readme.find("```python\n", intro);
  ASSERT_NE(begin, std::string::npos);
  const size_t end = readme.find("```", begin + 10);
  const std::string adapter = readme.substr(begin + 10, end - (begin + 10));
  ASSERT_NE(adapter.find("return list("), std::string::npos) << "the template returns a list of outputs";
  const std::string dir = (std::filesystem::temp_directory_path() / ("hloconf_readme_adapter_" + std::to_string(::getpid()))).string();
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/adapter.py") << adapter;
  std::ofstream(dir + "/mybackend.py") << "import numpy as np\n__version__ = '0.1'\n"
                                       << "def compile(mlir):\n    return lambda *inputs: (np.abs(inputs[0]),)\n";
  const std::string command = "PYTHONPATH=" + dir + ":" + std::string(HLOCONF_SOURCE_DIR) + "/adapters/python " + HLOCONF_BINARY +
                              " run -q spec --filter 'spec/abs/*' --no-cache --report-dir " + dir + "/out --backend-cmd '/usr/bin/python3 " +
                              dir + "/adapter.py' 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string output;
  char buffer[4096];
  for (size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) output.append(buffer, n);
  pclose(pipe);
  const nlohmann::json results = nlohmann::json::parse(readText(dir + "/out/results.json"), nullptr, false);
  ASSERT_TRUE(results.is_object()) << output;
  int passed = 0;
  for (const auto& c : results["cases"]) {
    const std::string type = c["element_type"];
    if (type == "f32" || type == "i32" || type == "f16") {
      EXPECT_EQ(c["status"], "PASS") << c["id"] << ": " << c["message"];
      passed += c["status"] == "PASS";
    }
  }
  EXPECT_GE(passed, 4) << output;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace hloconf::test
