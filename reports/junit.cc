// junit.xml: the JUnit XML dialect that Jenkins, GitLab, GitHub actions and Buildkite read.
//
// One <testsuite> per backend, one <testcase> per case (name: the case ID, classname: "backend.op").
// FAIL, FLAKY and XPASS are <failure>s, CRASH, TIMEOUT, ERROR and INVALID are <error>s, UNSUPPORTED and XFAIL are
// <skipped>; PASS and IMPL_DEFINED pass. So a CI tool's red count equals the cases that make the run
// exit 1. Each failure's body is caseDetails(): rule, message, worst elements, inputs, repro command.
#include <cstdio>
#include <map>

#include "ir/strings.h"
#include "reports/report_text.h"
#include "reports/writers.h"

namespace hloconf::reports {
namespace {

struct SuiteCounts {
  int64_t tests = 0, failures = 0, errors = 0, skipped = 0;
  double seconds = 0;
};

// The JUnit element a status becomes ("" for none: the test case passed).
const char* junitElement(Status status) {
  switch (status) {
    case Status::kFail:
    case Status::kFlaky:
    case Status::kXPass: return "failure";
    case Status::kCrash:
    case Status::kTimeout:
    case Status::kError:
    case Status::kInvalid: return "error";
    case Status::kUnsupported:
    case Status::kXFail: return "skipped";
    case Status::kPass:
    case Status::kImplDefined: return "";
  }
  return "error";
}

void count(SuiteCounts& counts, const CaseResult& r) {
  ++counts.tests;
  counts.seconds += r.seconds;
  const std::string_view element = junitElement(r.status);
  if (element == "failure") ++counts.failures;
  else if (element == "error") ++counts.errors;
  else if (element == "skipped") ++counts.skipped;
}

std::string seconds(double s) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3f", s >= 0 ? s : 0.0);
  return buffer;
}

std::string countAttributes(const SuiteCounts& c) {
  return strCat("tests=\"", c.tests, "\" failures=\"", c.failures, "\" errors=\"", c.errors, "\" skipped=\"", c.skipped,
                "\" time=\"", seconds(c.seconds), "\"");
}

std::string message(const CaseResult& r) {
  std::string text = std::string(firstLine(r.message));
  if (r.status == Status::kXPass)
    text = strCat("passed, but the baseline lists it as a known failure", text.empty() ? "" : ": ", text);
  else if (r.status == Status::kXFail)
    text = strCat("known failure (baseline)", text.empty() ? "" : ": ", text);
  else if (text.empty())
    text = std::string(statusName(r.status));
  return truncateText(text, 1000);
}

void appendTestCase(std::string& xml, const CaseResult& r) {
  strAppend(&xml, "    <testcase name=\"", xmlEscape(r.id, true), "\" classname=\"", xmlEscape(strCat(r.backend, ".", r.op), true),
            "\" time=\"", seconds(r.seconds), "\"");
  const std::string_view element = junitElement(r.status);
  if (element.empty() && r.status != Status::kImplDefined) {
    xml += "/>\n";
    return;
  }
  xml += ">\n";
  if (element == "skipped") {
    strAppend(&xml, "      <skipped message=\"", xmlEscape(message(r), true), "\"/>\n");
  } else if (!element.empty()) {
    strAppend(&xml, "      <", element, " type=\"", statusName(r.status), "\" message=\"", xmlEscape(message(r), true), "\">",
              xmlEscape(caseDetails(r, 512)), "</", element, ">\n");
  }
  if (r.status == Status::kImplDefined)  // passes; the details say where the spec left the value open
    strAppend(&xml, "      <system-out>", xmlEscape(caseDetails(r, 512)), "</system-out>\n");
  xml += "    </testcase>\n";
}

}  // namespace

std::string junitXml(const RunInfo& info, const std::vector<CaseResult>& results) {
  std::map<std::string, std::vector<const CaseResult*>> suites;
  SuiteCounts all;
  for (const CaseResult& r : results) {
    suites[r.backend].push_back(&r);
    count(all, r);
  }
  std::vector<std::pair<std::string, std::string>> properties = {
      {"tool_version", info.tool_version}, {"reference_version", info.reference_version},
      {"profile", info.profile},           {"command_line", info.command_line},
      {"shard", info.shard},
  };
  // What each backend said it is: "backend.<name>" = "<handshake name> <version>".
  for (const RunInfo::BackendIdentity& b : info.backend_identities)
    properties.emplace_back(strCat("backend.", b.name), strCat(b.handshake_name, b.version.empty() ? "" : " ", b.version));
  std::string xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  strAppend(&xml, "<testsuites name=\"hloconf\" ", countAttributes(all));
  if (!info.started_at.empty()) strAppend(&xml, " timestamp=\"", xmlEscape(info.started_at, true), "\"");
  xml += ">\n";
  for (const auto& [backend, cases] : suites) {
    SuiteCounts counts;
    for (const CaseResult* r : cases) count(counts, *r);
    strAppend(&xml, "  <testsuite name=\"", xmlEscape(backend, true), "\" ", countAttributes(counts));
    if (!info.started_at.empty()) strAppend(&xml, " timestamp=\"", xmlEscape(info.started_at, true), "\"");
    xml += ">\n    <properties>\n";
    for (const auto& [name, value] : properties)
      if (!value.empty()) strAppend(&xml, "      <property name=\"", name, "\" value=\"", xmlEscape(value, true), "\"/>\n");
    xml += "    </properties>\n";
    for (const CaseResult* r : cases) appendTestCase(xml, *r);
    xml += "  </testsuite>\n";
  }
  xml += "</testsuites>\n";
  return xml;
}

}  // namespace hloconf::reports
