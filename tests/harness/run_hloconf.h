// Runs the built `hloconf` binary (HLOCONF_BINARY) with arguments and captures its exit status and output;
// shared by the command-line tests (tests/harness, tests/reports).
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

// Runs a shell command line and captures its stdout and exit status (-1 when it did not exit normally).
inline RunResult runShell(const std::string& command) {
  RunResult result;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return result;
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) result.output.append(buffer, n);
  const int raw = pclose(pipe);
  result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return result;
}

// `args` is appended to the binary's path in a shell command; stderr joins stdout unless `with_stderr`
// is false (then it is discarded).
inline RunResult runHloconf(const std::string& args, bool with_stderr = true) {
  return runShell(std::string(HLOCONF_BINARY) + " " + args + (with_stderr ? " 2>&1" : " 2>/dev/null"));
}

}  // namespace hloconf::test

#endif  // HLOCONF_TESTS_HARNESS_RUN_HLOCONF_H_
