// Each `hloconf` subcommand: its entry point and its one-line summary for `hloconf --help`.
#ifndef HLOCONF_HARNESS_COMMANDS_H_
#define HLOCONF_HARNESS_COMMANDS_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/tensor.h"

namespace hloconf {

struct Command {
  const char* name;
  const char* summary;
  const char* usage;  // full help text of the subcommand
  int (*run)(const std::vector<std::string>& args);
};

int runParseCommand(const std::vector<std::string>& args);
extern const char kParseUsage[];
int runEvalCommand(const std::vector<std::string>& args);
extern const char kEvalUsage[];
int runRefineCommand(const std::vector<std::string>& args);
extern const char kRefineUsage[];
int runVerifyCommand(const std::vector<std::string>& args);
extern const char kVerifyUsage[];
int runInferCommand(const std::vector<std::string>& args);
extern const char kInferUsage[];

int runRunCommand(const std::vector<std::string>& args);
extern const char kRunUsage[];
int runGoldenCommand(const std::vector<std::string>& args);
extern const char kGoldenUsage[];
int runReproCommand(const std::vector<std::string>& args);
extern const char kReproUsage[];
int runServeCommand(const std::vector<std::string>& args);
extern const char kServeUsage[];
int runMergeCommand(const std::vector<std::string>& args);
int runDiffCommand(const std::vector<std::string>& args);
int runBaselineCommand(const std::vector<std::string>& args);
extern const char kBaselineUsage[];
extern const char kDiffUsage[];
int runCacheCommand(const std::vector<std::string>& args);
extern const char kCacheUsage[];
extern const char kMergeUsage[];
int runGenCommand(const std::vector<std::string>& args);
extern const char kGenUsage[];
int runMinimizeCommand(const std::vector<std::string>& args);
extern const char kMinimizeUsage[];
int runExecCommand(const std::vector<std::string>& args);
extern const char kExecUsage[];

// Tensor literals of --arg/--args ('dense<[1, 2]> : tensor<2xi32>', or an array of them), with an error
// at the literal's line:col.
absl::StatusOr<std::vector<Tensor>> parseTensorLiterals(const std::vector<std::string>& texts);

// Expands files and folders (recursively, *.mlir) into a sorted list of files; missing paths are
// reported on stderr and returned in `missing`.
std::vector<std::string> expandSources(const std::vector<std::string>& sources, std::vector<std::string>& missing);

}  // namespace hloconf

#endif  // HLOCONF_HARNESS_COMMANDS_H_
