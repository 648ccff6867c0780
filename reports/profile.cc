// Tolerance profiles: globs, rule lookup, and the JSON form (docs/tolerances.md has the schema).
#include <cmath>
#include <filesystem>
#include <set>

#include "absl/status/status.h"
#include "ir/chlo_broadcast.h"
#include "ir/glob.h"
#include "ir/op_id.h"
#include "ir/parser.h"
#include "ir/status_macros.h"
#include "ir/strings.h"
#include "reports/comparator.h"

namespace hloconf::reports {
namespace {

using nlohmann::json;

// --- JSON -------------------------------------------------------------------------------------------

std::string typeName(const json& j) { return j.type_name(); }

absl::StatusOr<FlagAction> parseFlag(const json& j, std::string_view where) {
  if (j.is_string()) {
    const std::string s = j.get<std::string>();
    if (s == "ignore") return FlagAction::kIgnore;
    if (s == "warn") return FlagAction::kWarn;
    if (s == "fail") return FlagAction::kFail;
  }
  return absl::InvalidArgumentError(
      strCat(where, ": expected \"ignore\", \"warn\" or \"fail\", got ", j.dump()));
}

// A glob, or a list of globs (joined as `{a,b,...}`).
absl::StatusOr<std::string> parseGlobField(const json& j, std::string_view where) {
  std::string glob;
  if (j.is_string()) {
    glob = j.get<std::string>();
  } else if (j.is_array() && !j.empty()) {
    glob = "{";
    for (size_t i = 0; i < j.size(); ++i) {
      if (!j[i].is_string())
        return absl::InvalidArgumentError(strCat(where, "[", i, "]: expected a glob string, got ", typeName(j[i])));
      strAppend(&glob, i ? "," : "", j[i].get<std::string>());
    }
    glob += "}";
  } else {
    return absl::InvalidArgumentError(
        strCat(where, ": expected a glob string or a non-empty list of them, got ", j.dump()));
  }
  if (absl::Status s = checkGlob(glob); !s.ok()) return absl::InvalidArgumentError(strCat(where, ": ", s.message()));
  return glob;
}

absl::StatusOr<double> parseNonNegative(const json& j, std::string_view where) {
  if (!j.is_number() || !(j.get<double>() >= 0) || !std::isfinite(j.get<double>()))
    return absl::InvalidArgumentError(strCat(where, ": expected a finite number >= 0, got ", j.dump()));
  return j.get<double>();
}

struct Flags {
  FlagAction signed_zero = FlagAction::kWarn;
  FlagAction nan_payload = FlagAction::kIgnore;
  FlagAction ftz = FlagAction::kWarn;
};

// Reads the three flags present in `j` into `flags`.
absl::Status parseFlags(const json& j, std::string_view where, Flags& flags) {
  for (auto [key, field] : {std::pair{"signed_zero", &flags.signed_zero}, std::pair{"nan_payload", &flags.nan_payload},
                            std::pair{"ftz", &flags.ftz}}) {
    if (!j.contains(key)) continue;
    ASSIGN_OR_RETURN(FlagAction a, parseFlag(j[key], strCat(where, ".", key)));
    *field = a;
  }
  return absl::OkStatus();
}

absl::Status checkKeys(const json& j, std::string_view where, std::initializer_list<std::string_view> allowed) {
  for (auto it = j.begin(); it != j.end(); ++it) {
    const std::string& key = it.key();
    if (key.starts_with("$")) continue;  // "$comment", "$schema": free annotations
    bool known = false;
    for (std::string_view a : allowed) known = known || a == key;
    if (!known) {
      std::string list;
      for (std::string_view a : allowed) strAppend(&list, list.empty() ? "" : ", ", a);
      return absl::InvalidArgumentError(strCat(where, ": unknown key \"", key, "\" (known: ", list, ")"));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<ToleranceRule> parseRule(const json& j, std::string_view where, std::string_view profile,
                                        const Flags& defaults) {
  if (!j.is_object()) return absl::InvalidArgumentError(strCat(where, ": expected an object, got ", typeName(j)));
  ToleranceRule rule;
  if (!j.contains("id") || !j["id"].is_string() || j["id"].get<std::string>().empty())
    return absl::InvalidArgumentError(strCat(where, ": every rule needs an \"id\" (a non-empty string)"));
  const std::string id = j["id"].get<std::string>();
  const std::string at = strCat(where, " (\"", id, "\")");
  RETURN_IF_ERROR(checkKeys(j, at, {"id", "op", "type", "exact", "ulp", "bound", "signed_zero", "nan_payload", "ftz", "source"}));
  rule.name = strCat(profile, ":", id);
  if (j.contains("op")) {
    ASSIGN_OR_RETURN(std::string g, parseGlobField(j["op"], strCat(at, ".op")));
    rule.op_glob = g;
  }
  if (j.contains("type")) {
    ASSIGN_OR_RETURN(std::string g, parseGlobField(j["type"], strCat(at, ".type")));
    rule.type_glob = g;
  }
  const bool exact = j.contains("exact"), ulp = j.contains("ulp"), bound = j.contains("bound");
  if (exact) {
    if (!j["exact"].is_boolean() || !j["exact"].get<bool>())
      return absl::InvalidArgumentError(strCat(at, ".exact: only `\"exact\": true` is meaningful, got ", j["exact"].dump()));
    if (ulp || bound)
      return absl::InvalidArgumentError(strCat(at, ": \"exact\" cannot be combined with \"ulp\" or \"bound\""));
    rule.kind = ToleranceRule::Kind::kExact;
  } else if (bound) {
    ASSIGN_OR_RETURN(double f, parseNonNegative(j["bound"], strCat(at, ".bound")));
    rule.kind = ToleranceRule::Kind::kBound;
    rule.bound_factor = f;
  } else if (ulp) {
    rule.kind = ToleranceRule::Kind::kUlp;
  } else {
    return absl::InvalidArgumentError(
        strCat(at, ": give the tolerance: \"exact\": true, \"ulp\": N, or \"bound\": F (with an optional \"ulp\": N)"));
  }
  if (ulp) {
    ASSIGN_OR_RETURN(double n, parseNonNegative(j["ulp"], strCat(at, ".ulp")));
    rule.ulp = n;
  }
  Flags flags = defaults;
  RETURN_IF_ERROR(parseFlags(j, at, flags));
  rule.signed_zero = flags.signed_zero;
  rule.nan_payload = flags.nan_payload;
  rule.ftz = flags.ftz;
  if (j.contains("source")) {
    if (!j["source"].is_string())
      return absl::InvalidArgumentError(strCat(at, ".source: expected a string, got ", typeName(j["source"])));
    rule.source = j["source"].get<std::string>();
  }
  return rule;
}

}  // namespace

const ToleranceRule& Profile::ruleFor(std::string_view op, std::string_view element_type) const {
  // chlo.broadcast_<op> computes <op> once its operands are broadcast: the same budget (atan2's for
  // chlo.broadcast_atan2, chlo.zeta's for chlo.broadcast_zeta).
  if (const std::optional<OpId> applied = chloBroadcastApplied(opIdOf(op))) op = opName(*applied);
  // Rules name stablehlo ops without their prefix ("add"), chlo ops with it ("chlo.zeta").
  if (op.starts_with("stablehlo.")) op.remove_prefix(std::string_view("stablehlo.").size());
  for (const ToleranceRule& rule : rules)
    if (globMatch(rule.op_glob, op) && globMatch(rule.type_glob, element_type)) return rule;
  // Only a profile built in code can lack a catch-all (parseProfile requires one): be strict.
  static const ToleranceRule kFallback = [] {
    ToleranceRule r;
    r.name = "builtin:exact";
    r.source = "no rule of the profile matched; the comparator falls back to exact";
    r.signed_zero = FlagAction::kFail;
    r.ftz = FlagAction::kFail;
    return r;
  }();
  return kFallback;
}

absl::StatusOr<Profile> parseProfile(const json& j, std::string_view what) {
  if (!j.is_object()) return absl::InvalidArgumentError(strCat(what, ": a profile is a JSON object, got ", typeName(j)));
  RETURN_IF_ERROR(checkKeys(j, what, {"name", "description", "defaults", "rules"}));
  Profile profile;
  if (!j.contains("name") || !j["name"].is_string() || j["name"].get<std::string>().empty())
    return absl::InvalidArgumentError(strCat(what, ": the profile needs a \"name\" (a non-empty string)"));
  profile.name = j["name"].get<std::string>();
  if (j.contains("description")) {
    if (!j["description"].is_string())
      return absl::InvalidArgumentError(strCat(what, ".description: expected a string, got ", typeName(j["description"])));
    profile.description = j["description"].get<std::string>();
  }
  Flags defaults;
  if (j.contains("defaults")) {
    const json& d = j["defaults"];
    const std::string at = strCat(what, ".defaults");
    if (!d.is_object()) return absl::InvalidArgumentError(strCat(at, ": expected an object, got ", typeName(d)));
    RETURN_IF_ERROR(checkKeys(d, at, {"signed_zero", "nan_payload", "ftz"}));
    RETURN_IF_ERROR(parseFlags(d, at, defaults));
  }
  if (!j.contains("rules") || !j["rules"].is_array() || j["rules"].empty())
    return absl::InvalidArgumentError(strCat(what, ": the profile needs \"rules\", a non-empty list"));
  std::set<std::string> ids;
  for (size_t i = 0; i < j["rules"].size(); ++i) {
    ASSIGN_OR_RETURN(ToleranceRule rule, parseRule(j["rules"][i], strCat(what, ".rules[", i, "]"), profile.name, defaults));
    if (!ids.insert(rule.name).second)
      return absl::InvalidArgumentError(strCat(what, ".rules[", i, "]: duplicate id (rule \"", rule.name, "\")"));
    profile.rules.push_back(std::move(rule));
  }
  const ToleranceRule& last = profile.rules.back();
  if (last.op_glob != "*" || last.type_glob != "*")
    return absl::InvalidArgumentError(strCat(what, ": the last rule (\"", last.name,
                                             "\") must be the catch-all (op \"*\", type \"*\"), so every case has a rule"));
  return profile;
}

absl::StatusOr<Profile> loadProfile(const std::string& name_or_path, const std::vector<std::string>& profile_dirs) {
  namespace fs = std::filesystem;
  std::string path;
  const bool looks_like_path = name_or_path.find('/') != std::string::npos || name_or_path.ends_with(".json");
  if (looks_like_path) {
    path = name_or_path;
  } else {
    for (const std::string& dir : profile_dirs) {
      fs::path candidate = fs::path(dir) / (name_or_path + ".json");
      std::error_code ec;
      if (fs::is_regular_file(candidate, ec)) {
        path = candidate.string();
        break;
      }
    }
    if (path.empty()) {
      std::set<std::string> shipped;
      std::string searched;
      for (const std::string& dir : profile_dirs) {
        strAppend(&searched, searched.empty() ? "" : ", ", dir);
        std::error_code ec;
        for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
          if (it->path().extension() == ".json") shipped.insert(it->path().stem().string());
      }
      std::string names;
      for (const std::string& n : shipped) strAppend(&names, names.empty() ? "" : ", ", n);
      return absl::NotFoundError(strCat("no tolerance profile named \"", name_or_path, "\" (searched: ",
                                        searched.empty() ? "no folders" : searched, "; available: ",
                                        names.empty() ? "none" : names, "); give a name or a path to a .json file"));
    }
  }
  absl::StatusOr<std::string> text = readFile(path);
  if (!text.ok()) return absl::NotFoundError(strCat("cannot read tolerance profile ", path, ": ", text.status().message()));
  json j;
  try {
    j = json::parse(*text);
  } catch (const json::parse_error& e) {
    return absl::InvalidArgumentError(strCat(path, ": not valid JSON: ", e.what()));
  }
  return parseProfile(j, path);
}

}  // namespace hloconf::reports
