// Helpers shared by the protocol tests: a scratch folder, requests built from MLIR text, random input
// tensors of any element type, and the backends under test (`hloconf serve`, fault_backend.py).
#ifndef HLOCONF_TESTS_ADAPTERS_ADAPTER_TEST_UTIL_H_
#define HLOCONF_TESTS_ADAPTERS_ADAPTER_TEST_UTIL_H_

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "adapters/backend.h"
#include "ir/ir_json.h"
#include "ir/parser.h"
#include "ir/printer.h"
#include "ir/strings.h"

namespace hloconf::test {

// A fresh folder under the system temp dir, removed with everything in it at the end of the test.
class ScratchDir {
 public:
  ScratchDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "hloconf-adapters-test-XXXXXX").string();
    path_ = ::mkdtemp(pattern.data()) ? pattern : std::string();
  }
  ~ScratchDir() {
    std::error_code ec;
    if (!path_.empty()) std::filesystem::remove_all(path_, ec);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

inline std::string readText(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// A request for the @main of `pretty_text` (any form the parser reads): the program travels in the
// generic form, with its IR JSON, as the runner sends it.
inline adapters::Request makeRequest(const std::string& pretty_text, std::vector<Tensor> inputs,
                                     std::string case_id = "test/case", double timeout_seconds = 20) {
  adapters::Request request;
  request.case_id = std::move(case_id);
  request.timeout_seconds = timeout_seconds;
  auto module = parseModule(pretty_text, "test.mlir");
  if (!module.ok()) {
    ADD_FAILURE() << "parse error: " << module.status().message() << "\n" << pretty_text;
    return request;
  }
  request.mlir = printModule(*module);
  request.ir = moduleToJson(*module);
  if (const Operation* main = module->findFunction("main")) {
    const Attr* function_type = main->attr("function_type");
    if (function_type) request.result_types = (*function_type)->typeValue().results();
  }
  request.inputs = std::move(inputs);
  return request;
}

// A tensor of `type_text` (a static tensor type) with random bits in every element (NaNs and all).
inline Tensor randomTensor(const std::string& type_text, uint64_t seed) {
  std::string module_text = strCat("func.func @main(%a: ", type_text, ") -> ", type_text, " {\n  func.return %a : ", type_text, "\n}\n");
  auto module = parseModule(module_text, "type.mlir");
  if (!module.ok()) {
    ADD_FAILURE() << module.status().message();
    return Tensor();
  }
  Type type = module->findFunction("main")->body().arguments[0]->type;
  Tensor tensor(type);
  std::mt19937_64 random(seed);
  ElementType element = tensor.elementType();
  const int parts = isComplex(element) ? 2 : 1;
  const int part_bits = isComplex(element) ? bitWidth(element) / 2 : bitWidth(element);
  const uint64_t mask = part_bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << part_bits) - 1;
  for (int64_t i = 0; i < tensor.numElements(); ++i)
    for (int part = 0; part < parts; ++part) tensor.setBits(i, random() & mask, part);
  return tensor;
}

inline bool pythonWithNumpy() {
  static const bool available =
      ::access("/usr/bin/python3", X_OK) == 0 && std::system("/usr/bin/python3 -c 'import numpy' >/dev/null 2>&1") == 0;
  return available;
}

inline std::string faultBackendPath() { return std::string(HLOCONF_SOURCE_DIR) + "/tests/adapters/fault_backend.py"; }

inline adapters::ExternalSpec serveSpec(const std::string& work_dir) {
  adapters::ExternalSpec spec;
  spec.name = "serve";
  spec.argv = {HLOCONF_BINARY, "serve"};
  spec.work_dir = work_dir;
  return spec;
}

// fault_backend.py in `mode` with extra arguments, proxying to the built hloconf.
inline adapters::ExternalSpec faultSpec(const std::string& work_dir, const std::string& mode,
                                        std::vector<std::string> extra = {}) {
  adapters::ExternalSpec spec;
  spec.name = strCat("fault-", mode);
  spec.argv = {"/usr/bin/python3", faultBackendPath(), mode, "--serve", HLOCONF_BINARY};
  spec.argv.insert(spec.argv.end(), extra.begin(), extra.end());
  spec.work_dir = work_dir;
  return spec;
}

// The in-process reference backend's answer to the same request, for bit-for-bit comparisons.
inline adapters::Reply referenceReply(const adapters::Request& request) {
  return adapters::makeReferenceBackend()->run(request);
}

inline const char* kindName(adapters::Reply::Kind kind) {
  switch (kind) {
    case adapters::Reply::Kind::kOutputs: return "outputs";
    case adapters::Reply::Kind::kUnsupported: return "unsupported";
    case adapters::Reply::Kind::kError: return "error";
    case adapters::Reply::Kind::kCrash: return "crash";
    case adapters::Reply::Kind::kTimeout: return "timeout";
  }
  return "?";
}

// A binary elementwise program `%a OP %b` on `type_text`.
inline std::string binaryProgram(const std::string& op, const std::string& type_text) {
  return strCat("func.func @main(%a: ", type_text, ", %b: ", type_text, ") -> ", type_text, " {\n",
                "  %0 = stablehlo.", op, " %a, %b : ", type_text, "\n", "  func.return %0 : ", type_text, "\n}\n");
}

}  // namespace hloconf::test

#endif  // HLOCONF_TESTS_ADAPTERS_ADAPTER_TEST_UTIL_H_
