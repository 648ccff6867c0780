// `hloconf repro`: one case on one backend, written as a standalone file with the exact input bits, the
// golden values and the backend's output.
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "golden/cases.h"
#include "harness/commands.h"
#include "harness/options.h"
#include "golden/golden_writer.h"
#include "harness/runner.h"
#include "absl/strings/str_format.h"
#include "ir/strings.h"
#include "reference/numerics.h"

namespace hloconf {

const char kReproUsage[] =
    "usage: hloconf repro CASE_ID (--backend NAME | --backend-cmd 'CMD') [SOURCES...] [--out FILE]\n\n"
    "Finds the case CASE_ID in SOURCES (default: the spec suite), runs it on the backend, prints the\n"
    "verdict and writes a standalone self-checking .mlir (default: ./<last part of the ID>.repro.mlir):\n"
    "the exact inputs as hex constants, the program, checks against the golden values, and the backend's\n"
    "outputs as comments, so the failure can be filed or replayed without hloconf's case folders.\n"
    "options: --profile NAME|FILE, --timeout S, --split-input-file, --adapters-dir DIR\n"
    "Exit status: 0 when the case passes on the backend, 1 when it does not, 2 when it cannot be found or run.\n";

int runReproCommand(const std::vector<std::string>& args) {
  std::string id, out;
  std::vector<std::string> sources;
  cli::OneBackend backend_options;
  bool split = false;
  cli::Options cl("repro");
  CLI::App& app = cl.app();
  cli::addOneBackend(cl, backend_options);
  app.add_option("--out", out);
  app.add_flag("--split-input-file", split);
  app.add_option("id", id);
  app.add_option("sources", sources);
  if (std::optional<int> status = cl.parse(args)) return *status;
  if (id.empty()) return cli::usageError("repro", "no CASE_ID given");
  if (std::string problem = cli::finishOneBackend(backend_options); !problem.empty()) return cli::usageError("repro", problem);
  const std::string &backend_name = backend_options.name, &backend_cmd = backend_options.command, &profile_name = backend_options.profile;
  std::vector<std::string>& adapter_dirs = backend_options.adapter_dirs;
  const double timeout = backend_options.timeout;
  if (sources.empty()) sources.push_back("spec");
  if (id.find('#') != std::string::npos) split = true;
  std::vector<std::string> errors;
  std::vector<CaseSource> cases = collectCases(sources, split, errors);
  for (const std::string& e : errors) std::fprintf(stderr, "%s\n", e.c_str());
  const CaseSource* source = nullptr;
  for (const CaseSource& c : cases)
    if (c.id == id) source = &c;
  if (!source) {
    std::fprintf(stderr, "hloconf repro: no case '%s' in %zu case(s) of the given sources\n", id.c_str(), cases.size());
    return 2;
  }
  ref::initNumerics();
  auto profile = reports::loadProfile(profile_name, {profilesDir()});
  if (!profile.ok()) {
    std::fprintf(stderr, "hloconf repro: %s\n", std::string(profile.status().message()).c_str());
    return 2;
  }
  std::string work_dir = strCat(std::filesystem::temp_directory_path().string(), "/hloconf-repro-", ::getpid());
  for (const std::string& d : defaultAdapterDirs()) adapter_dirs.push_back(d);
  auto factory = backend_cmd.empty() ? backendByName(backend_name, adapter_dirs, work_dir) : backendFromCommand(backend_cmd, work_dir);
  if (!factory.ok()) {
    std::fprintf(stderr, "hloconf repro: %s\n", std::string(factory.status().message()).c_str());
    return 2;
  }
  GoldenCache cache{defaultCacheDir()};
  PreparedCase prepared = prepareCase(*source, cache, 3600);
  if (!prepared.status.ok()) {
    std::fprintf(stderr, "hloconf repro: %s: %s\n", id.c_str(), std::string(prepared.status.message()).c_str());
    // An invalid program: its other diagnostics too; it is never sent to the backend.
    for (size_t i = 1; i < prepared.invalid.size(); ++i) std::fprintf(stderr, "%s\n", prepared.invalid[i].c_str());
    return 2;
  }
  if (prepared.negative()) {
    if (auto error = negativeCaseError(*source, prepared, factory->name)) {
      std::fprintf(stderr, "hloconf repro: %s: %s\n", id.c_str(), error->message.c_str());
      return 2;
    }
  }
  auto backend = factory->make();
  auto info = backend->start();
  if (!info.ok()) {
    std::fprintf(stderr, "hloconf repro: the backend did not start: %s\n", std::string(info.status().message()).c_str());
    return 2;
  }
  if (prepared.negative()) {
    // A negative case has nothing to run: the backend's answer to the verify request is the repro.
    reports::CaseResult result = verifyCaseOnBackend(*source, prepared, *backend, *info, timeout, factory->repro_flag);
    backend->stop();
    std::error_code ec;
    std::filesystem::remove_all(work_dir, ec);
    std::printf("%s on %s: %s (%s) %s\n", id.c_str(), info->name.c_str(), std::string(reports::statusName(result.status)).c_str(),
                result.rule.c_str(), result.message.c_str());
    return reports::isAcceptable(result.status) ? 0 : 1;
  }
  reports::CaseResult result = runCaseOnBackend(*source, prepared, *backend, *info, *profile, timeout, factory->repro_flag);
  backend->stop();
  std::error_code ec;
  std::filesystem::remove_all(work_dir, ec);

  std::vector<std::string> comments = {strCat("Case: ", id), strCat("Repro of ", id, " on backend ", info->name, " ", info->version),
                                       strCat("Verdict: ", reports::statusName(result.status), " (", result.rule, "): ", result.message),
                                       strCat("From ", source->path)};
  for (const reports::ElementDiff& d : result.worst)
    comments.push_back(strCat("  output ", d.output, " ", d.position, ": expected ", d.expected, " (", d.expected_bits,
                              "), backend ", d.actual, " (", d.actual_bits, "), ", absl::StrFormat("%g", d.ulp), " ULP"));
  auto text = selfCheckingModule(prepared, comments, profile->ruleFor(result.op, result.element_type));
  if (!text.ok()) {
    std::fprintf(stderr, "hloconf repro: %s\n", std::string(text.status().message()).c_str());
    return 2;
  }
  if (out.empty()) {
    std::string last = id.substr(id.find_last_of('/') + 1);
    out = idToPath(last) + ".repro.mlir";
  }
  std::ofstream f(out, std::ios::trunc);
  f << *text;
  if (!f) {
    std::fprintf(stderr, "hloconf repro: cannot write %s\n", out.c_str());
    return 2;
  }
  std::printf("%s on %s: %s (%s) %s\nwrote %s\n", id.c_str(), info->name.c_str(), std::string(reports::statusName(result.status)).c_str(),
              result.rule.c_str(), result.message.c_str(), out.c_str());
  return reports::isAcceptable(result.status) ? 0 : 1;
}

}  // namespace hloconf
