// The subcommands' options, parsed by one library (CLI11, docs/dependencies.md) with one set of conventions
// (docs/cli.md): `--name VALUE` and `--name=VALUE` alike, short flags grouped (`-qv`), a repeatable option
// takes one value per occurrence, and a usage error is one line naming what is wrong, a "did you mean"
// where a name is misspelled, and a hint to `--help` (which prints the command's own usage text; cli.cc).
#ifndef HLOCONF_HARNESS_OPTIONS_H_
#define HLOCONF_HARNESS_OPTIONS_H_

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

namespace hloconf::cli {

class Options {
 public:
  explicit Options(std::string command);
  CLI::App& app() { return app_; }

  // Parses `args` (the words after the subcommand's name). On a usage error, prints it as one line on
  // stderr and returns 2; otherwise returns nothing.
  std::optional<int> parse(const std::vector<std::string>& args);

  // A repeatable option (`--arg A --arg B`): one value per occurrence, in order.
  CLI::Option* repeatable(const std::string& names, std::vector<std::string>& values, const std::string& help = "");

  // A number of seconds (--timeout): not negative; 0 means no limit, as the protocol's timeout_seconds 0
  // does, and is read as kNoLimitSeconds, so that no command maps it again.
  CLI::Option* seconds(const std::string& names, double& value);

  // The function's arguments as tensor literals: `--arg LITERAL` and `--args 'L1; L2'` (literals separated by
  // ';', or one array of literals), both repeatable. tensorArguments() gives them after parse(), in
  // command-line order.
  void addTensorArguments();
  std::vector<std::string> tensorArguments() const;

 private:
  std::string command_;
  CLI::App app_;
  std::vector<std::string> single_args_, arg_lists_;
  CLI::Option* arg_option_ = nullptr;
  CLI::Option* args_option_ = nullptr;
};

// The option group of the commands that talk to one backend (repro, minimize): --backend NAME or
// --backend-cmd 'CMD' (exactly one), --adapters-dir (repeatable), --profile, --timeout (0: no limit).
struct OneBackend {
  std::string name, command, profile = "default";
  std::vector<std::string> adapter_dirs;
  double timeout = 60;
};
void addOneBackend(Options& options, OneBackend& backend);
// After parsing: "" when the group is complete, else what is wrong.
std::string finishOneBackend(OneBackend& backend);

// A usage error found after parsing (a value out of range, two options that exclude each other): printed
// like the parser's own, with the hint. Returns 2, the usage errors' exit status.
int usageError(const std::string& command, const std::string& message);

// `--timeout 0` means no limit, as the protocol's timeout_seconds 0 does: held as this many seconds (three
// years), which every deadline computation can add to a clock without overflow.
inline constexpr double kNoLimitSeconds = 1e8;

// A validator with hloconf's wording: a whole number in [low, high].
CLI::Validator countIn(long long low, long long high);

}  // namespace hloconf::cli

#endif  // HLOCONF_HARNESS_OPTIONS_H_
