// `hloconf run`: PLACEHOLDER, being written in this session.
#include <cstdio>

#include "harness/commands.h"

namespace hloconf {
const char kRunUsage[] = "usage: hloconf run (not written yet)\n";
int runRunCommand(const std::vector<std::string>& args) {
  std::fprintf(stderr, "hloconf run: not written yet\n");
  return 2;
}
}  // namespace hloconf
