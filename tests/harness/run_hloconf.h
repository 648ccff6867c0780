// Runs the built `hloconf` binary (HLOCONF_BINARY) with arguments and captures its exit status and output;
// shared by the command-line tests of this folder.
#ifndef HLOCONF_TESTS_HARNESS_RUN_HLOCONF_H_
#define HLOCONF_TESTS_HARNESS_RUN_HLOCONF_H_

#include <sys/wait.h>

#include <cstdio>
#include <string>

namespace hloconf::test {

struct RunResult {
  int status = -1;
  std::string output;
};

// `args` is appended to the binary's path in a shell command; stderr joins stdout unless `with_stderr`
// is false (then it is discarded).
inline RunResult runHloconf(const std::string& args, bool with_stderr = true) {
  RunResult result;
  const std::string command = std::string(HLOCONF_BINARY) + " " + args + (with_stderr ? " 2>&1" : " 2>/dev/null");
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return result;
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) result.output.append(buffer, n);
  const int raw = pclose(pipe);
  result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return result;
}

}  // namespace hloconf::test

#endif  // HLOCONF_TESTS_HARNESS_RUN_HLOCONF_H_
