// The .mlir files of a corpus folder (cases/, the peer testdata) for the tests that parse or verify every
// file, sorted, without the negative cases: cases/<op>/invalid-*.mlir break a constraint on purpose (the
// spec-invalid suite; tests/ir/negative_cases_test.cc checks them).
#ifndef HLOCONF_TESTS_IR_CORPUS_FILES_H_
#define HLOCONF_TESTS_IR_CORPUS_FILES_H_

#include <algorithm>
#include <filesystem>
#include <vector>

namespace hloconf::testing {

inline std::vector<std::filesystem::path> corpusFiles(const std::filesystem::path& folder, bool recursive) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  if (!fs::is_directory(folder)) return files;
  auto take = [&](const fs::directory_entry& e) {
    if (e.is_regular_file() && e.path().extension() == ".mlir" && !e.path().filename().string().starts_with("invalid-"))
      files.push_back(e.path());
  };
  if (recursive) {
    for (const auto& e : fs::recursive_directory_iterator(folder)) take(e);
  } else {
    for (const auto& e : fs::directory_iterator(folder)) take(e);
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace hloconf::testing

#endif  // HLOCONF_TESTS_IR_CORPUS_FILES_H_
