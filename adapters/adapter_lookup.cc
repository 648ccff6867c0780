// Turning `--backend NAME` (an adapter folder with its adapter.json) and `--backend-cmd 'CMD'` into the
// command line of an external backend (adapters/PROTOCOL.md, "adapter.json").
#include <filesystem>
#include <fstream>
#include <sstream>

#include "absl/status/status.h"
#include "adapters/backend.h"
#include "ir/strings.h"

namespace hloconf::adapters {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

constexpr std::string_view kAdapterDirVariable = "${ADAPTER_DIR}";

std::string expandAdapterDir(std::string text, const std::string& adapter_dir) {
  for (size_t at = text.find(kAdapterDirVariable); at != std::string::npos;
       at = text.find(kAdapterDirVariable, at + adapter_dir.size()))
    text.replace(at, kAdapterDirVariable.size(), adapter_dir);
  return text;
}

// A command element that names a file or folder relative to the adapter's folder is made absolute
// (`adapter.py`, `bin/run`); anything else (`python3`, `-u`, `--flag=x`) is left as it is.
std::string resolveArgument(const std::string& argument, const fs::path& adapter_dir) {
  if (argument.empty() || argument[0] == '/' || argument[0] == '-') return argument;
  std::error_code ec;
  fs::path candidate = adapter_dir / argument;
  if (fs::exists(candidate, ec)) return fs::weakly_canonical(candidate, ec).string();
  return argument;
}

absl::StatusOr<ExternalSpec> parseAdapterJson(const std::string& name, const fs::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  if (!in) return absl::NotFoundError(strCat("cannot read ", file.string()));
  json config = json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
  auto bad = [&](std::string_view why) {
    return absl::InvalidArgumentError(strCat(file.string(), ": ", why));
  };
  if (config.is_discarded()) return bad("not valid JSON");
  if (!config.is_object()) return bad("expected a JSON object");
  if (!config.contains("command") || !config["command"].is_array() || config["command"].empty())
    return bad("\"command\" must be a non-empty list of strings, e.g. [\"/usr/bin/python3\", \"adapter.py\"]");
  std::error_code ec;
  const fs::path adapter_dir = fs::weakly_canonical(file.parent_path(), ec);
  ExternalSpec spec;
  spec.name = name;
  for (const json& element : config["command"]) {
    if (!element.is_string()) return bad("\"command\" must be a list of strings");
    spec.argv.push_back(resolveArgument(expandAdapterDir(element.get<std::string>(), adapter_dir.string()), adapter_dir));
  }
  if (config.contains("env")) {
    if (!config["env"].is_object()) return bad("\"env\" must be an object of strings");
    for (const auto& [key, value] : config["env"].items()) {
      if (!value.is_string()) return bad(strCat("\"env\".", key, " must be a string"));
      spec.environment.emplace_back(key, expandAdapterDir(value.get<std::string>(), adapter_dir.string()));
    }
  }
  spec.working_directory = adapter_dir.string();
  if (config.contains("working_directory")) {
    if (!config["working_directory"].is_string()) return bad("\"working_directory\" must be a string");
    fs::path dir = expandAdapterDir(config["working_directory"].get<std::string>(), adapter_dir.string());
    spec.working_directory = (dir.is_absolute() ? dir : adapter_dir / dir).lexically_normal().string();
  }
  spec.environment.emplace_back("HLOCONF_ADAPTER_DIR", adapter_dir.string());
  spec.adapter_json = fs::weakly_canonical(file, ec).string();
  return spec;
}

}  // namespace

absl::StatusOr<ExternalSpec> findAdapter(const std::string& name, const std::vector<std::string>& search_dirs) {
  if (name.empty() || name.find('/') != std::string::npos || name == "." || name == "..")
    return absl::InvalidArgumentError(strCat("'", name, "' is not an adapter name (a folder name under adapters/)"));
  std::string searched;
  for (const std::string& dir : search_dirs) {
    fs::path file = fs::path(dir) / name / "adapter.json";
    std::error_code ec;
    if (fs::is_regular_file(file, ec)) return parseAdapterJson(name, file);
    strAppend(&searched, searched.empty() ? "" : ", ", file.string());
  }
  return absl::NotFoundError(strCat("no adapter named '", name, "' (looked for ",
                                    searched.empty() ? std::string("nothing: no search folders") : searched, ")"));
}

absl::StatusOr<ExternalSpec> specFromCommand(const std::string& name, const std::string& command_line) {
  std::vector<std::string> argv;
  std::string current;
  bool in_word = false;
  enum class Quote { kNone, kSingle, kDouble } quote = Quote::kNone;
  for (size_t i = 0; i < command_line.size(); ++i) {
    const char c = command_line[i];
    switch (quote) {
      case Quote::kSingle:
        if (c == '\'') quote = Quote::kNone;
        else current += c;
        break;
      case Quote::kDouble:
        if (c == '"') {
          quote = Quote::kNone;
        } else if (c == '\\' && i + 1 < command_line.size() &&
                   std::string_view("\"\\$`").find(command_line[i + 1]) != std::string_view::npos) {
          current += command_line[++i];
        } else {
          current += c;
        }
        break;
      case Quote::kNone:
        if (c == ' ' || c == '\t' || c == '\n') {
          if (in_word) argv.push_back(std::move(current));
          current.clear();
          in_word = false;
        } else if (c == '\'') {
          quote = Quote::kSingle;
          in_word = true;
        } else if (c == '"') {
          quote = Quote::kDouble;
          in_word = true;
        } else if (c == '\\') {
          if (i + 1 == command_line.size()) return absl::InvalidArgumentError("the backend command ends with a lone '\\'");
          current += command_line[++i];
          in_word = true;
        } else {
          current += c;
          in_word = true;
        }
        break;
    }
  }
  if (quote != Quote::kNone)
    return absl::InvalidArgumentError(strCat("the backend command has an unterminated quote: ", command_line));
  if (in_word) argv.push_back(std::move(current));
  if (argv.empty()) return absl::InvalidArgumentError("the backend command is empty");
  ExternalSpec spec;
  spec.name = name.empty() ? fs::path(argv[0]).filename().string() : name;
  spec.argv = std::move(argv);
  return spec;
}

}  // namespace hloconf::adapters
