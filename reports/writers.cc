// RunInfo, the shared summaries (totals, groups, exit status), results.json, and writing the report set.
// The other three files are built in junit.cc, markdown_summary.cc and html_report.cc.
#include "reports/writers.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <tuple>

#include "ir/status_macros.h"
#include "ir/strings.h"

namespace hloconf::reports {
namespace {

template <typename T>
T get(const nlohmann::json& j, const char* key, T fallback) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return fallback;
  try {
    return it->get<T>();
  } catch (const nlohmann::json::exception&) {
    return fallback;
  }
}

// Messages may hold bytes that are not UTF-8 (a backend's stderr); they become U+FFFD instead of an
// exception from the JSON writer.
std::string dumpJson(const nlohmann::json& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

absl::Status writeFileAtomically(const std::filesystem::path& path, const std::string& text) {
  const std::filesystem::path temporary = path.parent_path() / strCat(".", path.filename().string(), ".tmp");
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) return absl::UnavailableError(strCat("cannot write ", temporary.string(), ": ", std::strerror(errno)));
    out << text;
    out.close();
    if (!out) return absl::UnavailableError(strCat("cannot write ", temporary.string(), ": ", std::strerror(errno)));
  }
  std::error_code ec;
  std::filesystem::rename(temporary, path, ec);
  if (ec) return absl::UnavailableError(strCat("cannot rename ", temporary.string(), " to ", path.string(), ": ", ec.message()));
  return absl::OkStatus();
}

}  // namespace

std::string RunInfo::BackendIdentity::describe() const {
  std::string said = handshake_name == name ? std::string() : handshake_name;
  if (!version.empty()) said += strCat(said.empty() ? "" : " ", version);
  return said.empty() ? name : strCat(name, " (", said, ")");
}

nlohmann::json RunInfo::BackendIdentity::toJson() const {
  nlohmann::json j = {{"name", name}, {"handshake_name", handshake_name}, {"version", version}};
  if (!adapter_json.empty()) j["adapter_json"] = adapter_json;
  return j;
}

RunInfo::BackendIdentity RunInfo::BackendIdentity::fromJson(const nlohmann::json& j) {
  if (!j.is_object()) return {};
  return {get<std::string>(j, "name", ""), get<std::string>(j, "handshake_name", ""), get<std::string>(j, "version", ""),
          get<std::string>(j, "adapter_json", "")};
}

nlohmann::json RunInfo::toJson() const {
  nlohmann::json j = {{"tool_version", tool_version},
                      {"reference_version", reference_version},
                      {"profile", profile},
                      {"command_line", command_line},
                      {"started_at", started_at},
                      {"shard", shard},
                      {"backends", backends},
                      {"wall_seconds", wall_seconds}};
  if (!backend_identities.empty()) {
    j["backend_identities"] = nlohmann::json::array();
    for (const BackendIdentity& b : backend_identities) j["backend_identities"].push_back(b.toJson());
  }
  if (!merged_from.empty()) {
    j["merged_from"] = nlohmann::json::array();
    for (const Source& s : merged_from)
      j["merged_from"].push_back({{"path", s.path},
                                  {"shard", s.shard},
                                  {"command_line", s.command_line},
                                  {"started_at", s.started_at},
                                  {"wall_seconds", s.wall_seconds},
                                  {"cases", s.cases}});
  }
  return j;
}

RunInfo RunInfo::fromJson(const nlohmann::json& j) {
  RunInfo info;
  if (!j.is_object()) return info;
  info.tool_version = get<std::string>(j, "tool_version", "");
  info.reference_version = get<std::string>(j, "reference_version", "");
  info.profile = get<std::string>(j, "profile", "");
  info.command_line = get<std::string>(j, "command_line", "");
  info.started_at = get<std::string>(j, "started_at", "");
  info.shard = get<std::string>(j, "shard", "");
  info.backends = get<std::vector<std::string>>(j, "backends", {});
  info.wall_seconds = get(j, "wall_seconds", 0.0);
  if (auto it = j.find("backend_identities"); it != j.end() && it->is_array())
    for (const nlohmann::json& b : *it) info.backend_identities.push_back(BackendIdentity::fromJson(b));
  if (auto it = j.find("merged_from"); it != j.end() && it->is_array()) {
    for (const nlohmann::json& s : *it) {
      info.merged_from.push_back({get<std::string>(s, "path", ""), get<std::string>(s, "shard", ""),
                                  get<std::string>(s, "command_line", ""), get<std::string>(s, "started_at", ""),
                                  get(s, "wall_seconds", 0.0), get<int64_t>(s, "cases", 0)});
    }
  }
  return info;
}

StatusCounts countStatuses(const std::vector<CaseResult>& results) {
  StatusCounts counts{};
  for (const CaseResult& r : results) ++counts[static_cast<int>(r.status)];
  return counts;
}

int64_t GroupSummary::problems() const {
  int64_t n = 0;
  for (int s = 0; s < kNumStatuses; ++s)
    if (!isAcceptable(static_cast<Status>(s))) n += counts[s];
  return n;
}

std::vector<GroupSummary> summarizeGroups(const std::vector<CaseResult>& results) {
  using Key = std::tuple<std::string, std::string, std::string>;
  std::map<Key, GroupSummary> groups;
  // Per group, the worst case so far as (blocks the run, max_ulp, id); see GroupSummary::worst_id.
  struct Worst {
    bool blocking = false;
    double ulp = 0;
    std::string id;
  };
  std::map<Key, Worst> worst;
  for (const CaseResult& r : results) {
    Key key{r.backend, r.op, r.element_type};
    GroupSummary& g = groups[key];
    if (g.cases == 0) g.backend = r.backend, g.op = r.op, g.element_type = r.element_type;
    ++g.cases;
    ++g.counts[static_cast<int>(r.status)];
    if (r.max_ulp >= 0) g.max_ulp = std::max(g.max_ulp, r.max_ulp);
    if (g.ulp_histogram.size() < r.ulp_histogram.size()) g.ulp_histogram.resize(r.ulp_histogram.size());
    for (size_t b = 0; b < r.ulp_histogram.size(); ++b) g.ulp_histogram[b] += r.ulp_histogram[b];

    const bool blocking = !isAcceptable(r.status);
    const double ulp = r.max_ulp > 0 ? r.max_ulp : 0;  // NaN and -1 rank as 0
    if (!blocking && ulp == 0) continue;
    Worst& w = worst[key];
    const bool better = w.id.empty() || blocking > w.blocking ||
                        (blocking == w.blocking && (ulp > w.ulp || (ulp == w.ulp && r.id < w.id)));
    if (better) w = {blocking, ulp, r.id};
  }
  std::vector<GroupSummary> out;
  out.reserve(groups.size());
  for (auto& [key, g] : groups) {
    if (auto it = worst.find(key); it != worst.end()) g.worst_id = it->second.id;
    out.push_back(std::move(g));
  }
  return out;
}

int exitStatusFor(const std::vector<CaseResult>& results) {
  for (const CaseResult& r : results)
    if (!isAcceptable(r.status)) return 1;
  return 0;
}

std::string resultsJsonText(const RunInfo& info, const std::vector<CaseResult>& results) {
  const StatusCounts counts = countStatuses(results);
  nlohmann::ordered_json totals;
  for (int s = 0; s < kNumStatuses; ++s) totals[std::string(statusName(static_cast<Status>(s)))] = counts[s];
  // One case per line: the file stays greppable and diffable even with many thousands of cases.
  // "accepts_forbidden": the negative cases whose backend accepted the program (docs/reports.md).
  nlohmann::json accepting = nlohmann::json::array();
  for (const CaseResult* r : acceptsForbidden(results))
    accepting.push_back({{"id", r->id}, {"backend", r->backend}, {"expect_invalid", r->expect_invalid}, {"status", statusName(r->status)}});
  std::string text = strCat("{\n\"format_version\": ", kResultsFormatVersion, ",\n\"hloconf\": ", dumpJson(info.toJson()),
                            ",\n\"totals\": ", totals.dump(), ",\n\"accepts_forbidden\": ", accepting.dump(), ",\n\"cases\": [");
  for (size_t i = 0; i < results.size(); ++i) strAppend(&text, i ? ",\n" : "\n", dumpJson(results[i].toJson()));
  text += "\n]\n}\n";
  return text;
}

absl::StatusOr<std::pair<RunInfo, std::vector<CaseResult>>> readResultsJson(const std::string& path) {
  std::filesystem::path file = path;
  std::error_code ec;
  if (std::filesystem::is_directory(file, ec)) file /= "results.json";
  std::ifstream in(file, std::ios::binary);
  if (!in) return absl::NotFoundError(strCat("cannot read ", file.string(), ": ", std::strerror(errno)));
  std::stringstream buffer;
  buffer << in.rdbuf();
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(buffer.str());
  } catch (const nlohmann::json::parse_error& e) {
    return absl::InvalidArgumentError(strCat(file.string(), ": not valid JSON: ", e.what()));
  }
  if (!j.is_object()) return absl::InvalidArgumentError(strCat(file.string(), ": expected a JSON object"));
  // An integer from 1 to the version this build writes, exactly: get<int> would read 1.5 as 1, "2" as the
  // fallback and 2^32+2 as 2, and accept -1.
  if (auto version = j.find("format_version"); version != j.end()) {
    const bool integer = version->is_number_integer();
    if (!integer || (version->is_number_unsigned() ? version->get<uint64_t>() > kResultsFormatVersion
                                                   : version->get<int64_t>() > kResultsFormatVersion))
      return absl::InvalidArgumentError(strCat(file.string(), ": format_version ", version->dump(),
                                               integer ? " is newer than this hloconf reads (" : " is not a version this hloconf reads (",
                                               kResultsFormatVersion, ")"));
    if (version->get<int64_t>() < 1)
      return absl::InvalidArgumentError(strCat(file.string(), ": format_version ", version->dump(), " is not a version (1 or more)"));
  }
  auto cases = j.find("cases");
  if (cases == j.end() || !cases->is_array())
    return absl::InvalidArgumentError(strCat(file.string(), ": no \"cases\" list (not an hloconf results.json?)"));
  std::pair<RunInfo, std::vector<CaseResult>> out;
  if (auto it = j.find("hloconf"); it != j.end()) out.first = RunInfo::fromJson(*it);
  out.second.reserve(cases->size());
  for (size_t i = 0; i < cases->size(); ++i) {
    const nlohmann::json& c = (*cases)[i];
    const std::string where = strCat(file.string(), ": case ", i);
    if (!c.is_object() || !c.contains("id") || !c["id"].is_string())
      return absl::InvalidArgumentError(strCat(where, ": expected an object with a string \"id\""));
    const std::string status = get<std::string>(c, "status", "");
    if (!parseStatus(status))
      return absl::InvalidArgumentError(strCat(where, " (", c["id"].get<std::string>(), "): unknown status '", status, "'"));
    try {
      out.second.push_back(CaseResult::fromJson(c));
    } catch (const nlohmann::json::exception& e) {
      return absl::InvalidArgumentError(strCat(where, " (", c["id"].get<std::string>(), "): ", e.what()));
    }
  }
  return out;
}

absl::Status writeReports(const std::string& dir, const RunInfo& info, const std::vector<CaseResult>& results) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return absl::UnavailableError(strCat("cannot create the report directory ", dir, ": ", ec.message()));
  const std::filesystem::path base = dir;
  const std::pair<const char*, std::string (*)(const RunInfo&, const std::vector<CaseResult>&)> files[] = {
      {"results.json", resultsJsonText},
      {"junit.xml", junitXml},
      {"summary.md", summaryMarkdown},
      {"report.html", htmlReport},
  };
  for (const auto& [name, render] : files)
    RETURN_IF_ERROR(writeFileAtomically(base / name, render(info, results)));
  return absl::OkStatus();
}

}  // namespace hloconf::reports
