// The subcommands' options on CLI11 (options.h).
#include "harness/options.h"

#include "ir/nearest_name.h"
#include "ir/strings.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace hloconf::cli {
namespace {

// Every spelling of the app's options ("--timeout", "-j", "--jobs").
std::vector<std::string> optionNames(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::Option* option : app.get_options()) {
    for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
    for (const std::string& name : option->get_snames()) names.push_back("-" + name);
  }
  return names;
}

}  // namespace

Options::Options(std::string command) : command_(std::move(command)), app_("hloconf " + command_) {
  app_.set_help_flag();  // --help is the command's usage text, printed before parsing (cli.cc)
  app_.allow_windows_style_options(false);
}

CLI::Option* Options::repeatable(const std::string& names, std::vector<std::string>& values, const std::string& help) {
  // Without allow_extra_args(false), `--arg A file.mlir` would take file.mlir as a second value.
  return app_.add_option(names, values, help)->allow_extra_args(false);
}

void Options::addTensorArguments() {
  arg_option_ = repeatable("--arg", single_args_);
  args_option_ = repeatable("--args", arg_lists_);
}

std::vector<std::string> Options::tensorArguments() const {
  std::vector<std::string> out;
  size_t next_single = 0, next_list = 0;
  for (const CLI::Option* option : app_.parse_order()) {  // one entry per occurrence
    if (option == arg_option_ && next_single < single_args_.size()) {
      out.push_back(single_args_[next_single++]);
    } else if (option == args_option_ && next_list < arg_lists_.size()) {
      const std::string& value = arg_lists_[next_list++];
      const size_t first = value.find_first_not_of(" \t");
      if (first != std::string::npos && value[first] == '[') {  // an array of literals, parsed as one attribute
        out.push_back(value);
        continue;
      }
      for (size_t start = 0; start <= value.size();) {
        size_t end = value.find(';', start);
        if (end == std::string::npos) end = value.size();
        std::string piece = value.substr(start, end - start);
        if (piece.find_first_not_of(" \t") != std::string::npos) out.push_back(piece);
        start = end + 1;
      }
    }
  }
  return out;
}

CLI::Option* Options::seconds(const std::string& names, double& value) {
  return app_.add_option(names, value)->transform(CLI::Validator(
      [](std::string& text) -> std::string {
        char* end = nullptr;
        const double seconds = std::strtod(text.c_str(), &end);
        if (text.empty() || *end != '\0' || !(seconds >= 0) || seconds > 1e9)
          return "needs a number of seconds (0: no limit), got '" + text + "'";
        if (seconds == 0) text = std::to_string(kNoLimitSeconds);
        return "";
      },
      "SECONDS"));
}

std::optional<int> Options::parse(const std::vector<std::string>& args) {
  std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 takes the words last first
  try {
    app_.parse(reversed);
  } catch (const CLI::ExtrasError&) {
    // The first word no option or positional took: an unknown option, or an operand too many.
    std::vector<std::string> extras = app_.remaining(true);  // the subcommands' too
    const std::string word = extras.empty() ? "" : extras.front();
    if (!word.empty() && word[0] == '-') {
      const std::string name = word.substr(0, word.find('='));
      const std::string near = likelyMeant(name, optionNames(app_));
      return usageError(command_, "unknown option '" + name + "'" + (near.empty() ? "" : " (did you mean " + near + "?)"));
    }
    return usageError(command_, "unexpected argument '" + word + "'");
  } catch (const CLI::ParseError& error) {
    return usageError(command_, error.what());
  }
  return std::nullopt;
}

void addOneBackend(Options& options, OneBackend& backend) {
  CLI::App& app = options.app();
  app.add_option("--backend", backend.name);
  app.add_option("--backend-cmd", backend.command);
  options.repeatable("--adapters-dir", backend.adapter_dirs);
  app.add_option("--profile", backend.profile);
  options.seconds("--timeout", backend.timeout);
}

std::string finishOneBackend(OneBackend& backend) {
  if (backend.name.empty() == backend.command.empty()) return "needs one of --backend / --backend-cmd";
  return "";
}

int usageError(const std::string& command, const std::string& message) {
  std::fprintf(stderr, "hloconf %s: %s\nRun 'hloconf %s --help' for its options.\n", command.c_str(), message.c_str(), command.c_str());
  return 2;
}

CLI::Validator countIn(long long low, long long high) {
  return CLI::Validator(
      [low, high](std::string& value) -> std::string {
        char* end = nullptr;
        const long long n = std::strtoll(value.c_str(), &end, 10);
        if (value.empty() || *end != '\0' || n < low || n > high)
          return "needs a whole number from " + std::to_string(low) + " to " + std::to_string(high) + ", got '" + value + "'";
        return "";
      },
      "N");
}

}  // namespace hloconf::cli
