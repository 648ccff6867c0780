// `hloconf repro`: PLACEHOLDER, being written in this session.
#include <cstdio>

#include "harness/commands.h"

namespace hloconf {
const char kReproUsage[] = "usage: hloconf repro (not written yet)\n";
int runReproCommand(const std::vector<std::string>& args) {
  std::fprintf(stderr, "hloconf repro: not written yet\n");
  return 2;
}
}  // namespace hloconf
