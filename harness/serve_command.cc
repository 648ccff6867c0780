// `hloconf serve`: PLACEHOLDER, being written in this session.
#include <cstdio>

#include "harness/commands.h"

namespace hloconf {
const char kServeUsage[] = "usage: hloconf serve (not written yet)\n";
int runServeCommand(const std::vector<std::string>& args) {
  std::fprintf(stderr, "hloconf serve: not written yet\n");
  return 2;
}
}  // namespace hloconf
