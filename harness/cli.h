// The `hloconf` command line: subcommand dispatch and each subcommand's entry point.
#ifndef HLOCONF_HARNESS_CLI_H_
#define HLOCONF_HARNESS_CLI_H_

namespace hloconf {
// Runs the command line; returns the process exit status.
int runCli(int argc, char** argv);
}  // namespace hloconf

#endif  // HLOCONF_HARNESS_CLI_H_
