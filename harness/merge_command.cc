// `hloconf merge`: PLACEHOLDER, being written in this session.
#include <cstdio>

#include "harness/commands.h"

namespace hloconf {
const char kMergeUsage[] = "usage: hloconf merge (not written yet)\n";
int runMergeCommand(const std::vector<std::string>& args) {
  std::fprintf(stderr, "hloconf merge: not written yet\n");
  return 2;
}
}  // namespace hloconf
