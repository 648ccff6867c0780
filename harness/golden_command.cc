// `hloconf golden`: PLACEHOLDER, being written in this session.
#include <cstdio>

#include "harness/commands.h"

namespace hloconf {
const char kGoldenUsage[] = "usage: hloconf golden (not written yet)\n";
int runGoldenCommand(const std::vector<std::string>& args) {
  std::fprintf(stderr, "hloconf golden: not written yet\n");
  return 2;
}
}  // namespace hloconf
