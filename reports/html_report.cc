// report.html: one self-contained page (inline CSS and SVG, no script, no external resource), so it can
// be attached to a CI job, mailed or opened from disk without a network.
//
// Sections: the verdict and run facts; totals per status; an index of the ops with failures; per op, a
// table of its backend x element type groups (cases per status, max ULP, worst case) beside its ULP-error
// histogram (log-scale bars per bucket, one colour per backend x element type); every failure (up to
// kMaxFailures) with message, rule, repro command, worst elements (values and bits) and inputs in hex;
// then the cases that were accepted without passing (UNSUPPORTED, IMPL_DEFINED, XFAIL) in a folded list.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "ir/asm_parser.h"
#include "ir/hex.h"
#include "ir/strings.h"
#include "ir/tensor.h"
#include "reports/comparator.h"
#include "reports/report_text.h"
#include "reports/writers.h"

namespace hloconf::reports {
namespace {

constexpr size_t kMaxFailures = 300;
constexpr size_t kMaxAcceptedListed = 1000;
constexpr size_t kHexLine = 64;  // hex digits per line in input dumps (32 bytes)
constexpr size_t kOpenInputBytes = 256;

std::string esc(std::string_view text) { return xmlEscape(text, true); }

constexpr char kStyle[] = R"css(
:root { --pass:#1a7f37; --fail:#cf222e; --crash:#8b0000; --timeout:#bc4c00; --error:#8250df;
        --unsup:#6e7781; --impl:#0969da; --xfail:#57606a; --xpass:#bf3989; --flaky:#953800; --invalid:#8c1d18; --line:#d0d7de; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color:#1f2328;
       margin: 0 auto; padding: 24px 32px; max-width: 1400px; background:#fff; }
h1 { font-size: 26px; margin: 0 0 8px; display:flex; gap:12px; align-items:center; }
h2 { font-size: 20px; border-bottom: 1px solid var(--line); padding-bottom: 4px; margin-top: 32px; }
h3 { font-size: 16px; margin: 20px 0 8px; }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; }
.verdict { font-size: 14px; color:#fff; padding: 3px 10px; border-radius: 12px; }
.verdict.ok { background: var(--pass); } .verdict.bad { background: var(--fail); }
dl.facts { display:grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 8px 0; }
dl.facts dt { color:#57606a; } dl.facts dd { margin:0; word-break: break-all; }
.chips { display:flex; flex-wrap:wrap; gap:8px; margin: 8px 0; }
.chip { border:1px solid var(--line); border-radius: 14px; padding: 2px 12px; }
.chip b { margin-left: 6px; }
table { border-collapse: collapse; margin: 6px 0 12px; }
th, td { border: 1px solid var(--line); padding: 3px 8px; text-align: left; vertical-align: top; }
th { background:#f6f8fa; font-weight: 600; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
td.zero { color:#afb8c1; }
.op-block { display:flex; flex-wrap:wrap; gap: 24px; align-items:flex-start; border-top: 1px solid #eaeef2;
            padding-top: 4px; }
.op-block table { flex: 0 1 auto; }
.muted { color:#57606a; }
.s-PASS { color: var(--pass); } .s-FAIL { color: var(--fail); } .s-CRASH { color: var(--crash); }
.s-TIMEOUT { color: var(--timeout); } .s-ERROR { color: var(--error); } .s-UNSUPPORTED { color: var(--unsup); }
.s-IMPL_DEFINED { color: var(--impl); } .s-XFAIL { color: var(--xfail); } .s-XPASS { color: var(--xpass); }
.s-FLAKY { color: var(--flaky); } .s-INVALID { color: var(--invalid); }
td.hit.s-FAIL, td.hit.s-CRASH, td.hit.s-TIMEOUT, td.hit.s-ERROR, td.hit.s-XPASS, td.hit.s-FLAKY { background:#ffebe9; font-weight:600; }
.badge { font-weight: 700; }
.case { border: 1px solid var(--line); border-left: 4px solid var(--fail); border-radius: 4px; padding: 4px 14px 10px;
        margin: 12px 0; }
.case h3 { margin: 8px 0 4px; word-break: break-all; }
.case h3 code { font-size: 14px; }
.message { white-space: pre-wrap; margin: 4px 0; }
pre.hex, pre.values { margin: 4px 0 8px; padding: 6px 8px; background:#f6f8fa; border-radius: 4px; overflow-x: auto; }
table.worst td { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; }
svg.hist { border: 1px solid #eaeef2; background: #fff; }
svg.hist text { font: 11px system-ui, sans-serif; fill: #57606a; }
ul.index { columns: 3; }
)css";

const char* statusColor(Status status) {
  switch (status) {
    case Status::kPass: return "var(--pass)";
    case Status::kFail: return "var(--fail)";
    case Status::kCrash: return "var(--crash)";
    case Status::kTimeout: return "var(--timeout)";
    case Status::kError: return "var(--error)";
    case Status::kUnsupported: return "var(--unsup)";
    case Status::kImplDefined: return "var(--impl)";
    case Status::kXFail: return "var(--xfail)";
    case Status::kXPass: return "var(--xpass)";
    case Status::kFlaky: return "var(--flaky)";
    case Status::kInvalid: return "var(--invalid)";
  }
  return "#000";
}

// Bar colours of the histogram series (one per backend x element type of an op).
constexpr const char* kPalette[] = {"#0969da", "#bc4c00", "#1a7f37", "#8250df", "#cf222e",
                                    "#57606a", "#bf3989", "#0a7ea4", "#9a6700", "#116329"};

std::string number(int64_t n) { return strCat(n); }

// "0x0123...": the hex digits split into lines of kHexLine.
std::string wrapHex(std::string_view hex) {
  std::string_view digits = hex;
  std::string out;
  if (digits.substr(0, 2) == "0x") {
    out = "0x";
    digits.remove_prefix(2);
  }
  for (size_t i = 0; i < digits.size(); i += kHexLine) {
    if (i) out += "\n  ";
    out += digits.substr(i, kHexLine);
  }
  return out;
}

struct Series {
  std::string label;
  std::vector<int64_t> histogram;
};

// An input's elements as values ("[1.0, nan, -0.0, ...]", row-major), for an input recorded whole with at
// most kMaxDecodedElements elements; "" otherwise (the hex stays the exact record).
constexpr int64_t kMaxDecodedElements = 256;
std::string decodedValues(const InputRecord& input) {
  if (input.truncated) return "";
  AsmParser parser("<input type>", input.type, 0, input.type.size());
  Type type;
  if (!parser.parseType(type).ok() || !parser.atEnd() || !type.isTensor() || !type.hasStaticShape()) return "";
  if (type.numElements() > kMaxDecodedElements) return "";
  Tensor tensor(type);
  std::vector<uint8_t> bytes;
  if (!hexToBytes(input.hex, bytes) || bytes.size() != tensor.bytes().size()) return "";
  tensor.mutableBytes() = std::move(bytes);
  std::string text = "[";
  for (int64_t k = 0; k < tensor.numElements(); ++k) strAppend(&text, k ? ", " : "", valueText(tensor, k));
  return text + "]";
}

// A histogram of ULP errors: x the buckets (0, 1, 2, 3-4, 5-8, ...), y the element count on a log scale,
// one bar per series in each bucket. Each bar has a <title> with its exact count.
std::string histogramSvg(const std::vector<Series>& series) {
  size_t buckets = 0;
  int64_t max_count = 0;
  for (const Series& s : series)
    for (size_t b = 0; b < s.histogram.size(); ++b)
      if (s.histogram[b] > 0) buckets = std::max(buckets, b + 1), max_count = std::max(max_count, s.histogram[b]);
  if (buckets == 0) return "<p class=\"muted\">No floating-point elements compared.</p>";

  const double plot_height = 160, left = 48, top = 12, bottom_axis = 36;
  const double group_width = std::clamp(560.0 / buckets, 22.0, 72.0);
  const double bar_width = std::max(2.0, (group_width - 6) / series.size());
  // Wide enough for the legend too (up to 4 entries of 150 px per row): a narrow plot of few buckets
  // clipped all but the first entry.
  const double legend_width = left + 150.0 * static_cast<double>(std::min<size_t>(series.size(), 4)) + 8;
  const double width = std::max(left + group_width * buckets + 12, legend_width);
  const double legend_height = 18.0 * ((series.size() + 3) / 4);
  const double height = top + plot_height + bottom_axis + legend_height;
  const double log_max = std::log10(static_cast<double>(max_count) + 1);
  auto y_of = [&](double count) { return top + plot_height - plot_height * std::log10(count + 1) / log_max; };
  char buffer[256];

  std::string svg;
  std::snprintf(buffer, sizeof buffer,
                "<svg class=\"hist\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
                "viewBox=\"0 0 %.0f %.0f\" role=\"img\">",
                width, height, width, height);
  svg += buffer;
  svg += "<title>ULP error histogram (elements per ULP-distance bucket, log scale)</title>";
  // Horizontal grid lines and labels at powers of ten.
  for (int64_t tick = 1; tick <= max_count; tick *= 10) {
    const double y = y_of(static_cast<double>(tick));
    std::snprintf(buffer, sizeof buffer,
                  "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#eaeef2\"/>"
                  "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>",
                  left, y, width - 8, y, left - 4, y + 4, tick >= 1000000 ? strCat("1e", static_cast<int>(std::log10(tick))).c_str() : number(tick).c_str());
    svg += buffer;
    if (tick > INT64_MAX / 10) break;
  }
  std::snprintf(buffer, sizeof buffer, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#8c959f\"/>", left,
                top + plot_height, width - 8, top + plot_height);
  svg += buffer;
  for (size_t b = 0; b < buckets; ++b) {
    const double x0 = left + group_width * b + 3;
    for (size_t s = 0; s < series.size(); ++s) {
      const int64_t count = b < series[s].histogram.size() ? series[s].histogram[b] : 0;
      if (count == 0) continue;
      const double y = y_of(static_cast<double>(count));
      std::snprintf(buffer, sizeof buffer, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\">",
                    x0 + bar_width * s, y, std::max(1.0, bar_width - 1), top + plot_height - y,
                    kPalette[s % std::size(kPalette)]);
      strAppend(&svg, buffer, "<title>", esc(series[s].label), ": ", count, " element", count == 1 ? "" : "s", " at ",
                ulpBucketLabel(static_cast<int>(b)), " ULP</title></rect>");
    }
    std::snprintf(buffer, sizeof buffer, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", x0 + (group_width - 6) / 2,
                  top + plot_height + 14);
    strAppend(&svg, buffer, esc(ulpBucketLabel(static_cast<int>(b))), "</text>");
  }
  std::snprintf(buffer, sizeof buffer, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">ULP error</text>",
                left + group_width * buckets / 2, top + plot_height + 30);
  svg += buffer;
  for (size_t s = 0; s < series.size(); ++s) {
    const double x = left + 150.0 * (s % 4), y = top + plot_height + bottom_axis + 18.0 * (s / 4);
    std::snprintf(buffer, sizeof buffer,
                  "<rect x=\"%.1f\" y=\"%.1f\" width=\"10\" height=\"10\" fill=\"%s\"/><text x=\"%.1f\" y=\"%.1f\">", x, y,
                  kPalette[s % std::size(kPalette)], x + 14, y + 9);
    strAppend(&svg, buffer, esc(truncateText(series[s].label, 24)), "</text>");
  }
  svg += "</svg>";
  return svg;
}

struct Page {
  const RunInfo& info;
  const std::vector<CaseResult>& results;
  std::map<std::string, size_t> failure_anchor;  // case id + backend -> index in the failures section
  std::string html;
};

std::string anchorKey(const std::string& id, const std::string& backend) { return strCat(id, "\n", backend); }

void appendFacts(Page& page) {
  const RunInfo& info = page.info;
  std::vector<std::pair<std::string, std::string>> facts;
  std::string backends;
  for (const std::string& b : info.backends) {
    std::string described = b;
    for (const RunInfo::BackendIdentity& id : info.backend_identities)
      if (id.name == b) described = id.describe();
    strAppend(&backends, backends.empty() ? "" : ", ", described);
  }
  if (!backends.empty()) facts.emplace_back("backends", backends);
  if (!info.profile.empty()) facts.emplace_back("profile", info.profile);
  if (!info.shard.empty()) facts.emplace_back("shard", info.shard);
  if (!info.tool_version.empty()) facts.emplace_back("hloconf version", info.tool_version);
  if (!info.reference_version.empty()) facts.emplace_back("reference version", info.reference_version);
  if (!info.started_at.empty()) facts.emplace_back("started", info.started_at);
  if (info.wall_seconds > 0) facts.emplace_back("wall time", formatSeconds(info.wall_seconds));
  if (!info.command_line.empty()) facts.emplace_back("command", info.command_line);
  for (const RunInfo::Source& source : info.merged_from)
    facts.emplace_back("merged from", strCat(source.path, source.shard.empty() ? "" : strCat(" (shard ", source.shard, ")"),
                                             ", ", source.cases, " cases"));
  if (facts.empty()) return;
  page.html += "<dl class=\"facts\">";
  for (const auto& [name, value] : facts) strAppend(&page.html, "<dt>", esc(name), "</dt><dd>", esc(value), "</dd>");
  page.html += "</dl>\n";
}

void appendTotals(Page& page, const StatusCounts& counts) {
  strAppend(&page.html, "<section id=\"totals\"><h2>Totals</h2><div class=\"chips\"><span class=\"chip\">cases<b>",
            page.results.size(), "</b></span>");
  for (int s = 0; s < kNumStatuses; ++s) {
    if (counts[s] == 0) continue;
    const std::string_view name = statusName(static_cast<Status>(s));
    strAppend(&page.html, "<span class=\"chip s-", name, "\">", name, "<b>", counts[s], "</b></span>");
  }
  page.html += "</div></section>\n";
}

void appendCaseLink(Page& page, const std::string& id, const std::string& backend) {
  if (id.empty()) return;
  auto it = page.failure_anchor.find(anchorKey(id, backend));
  if (it != page.failure_anchor.end())
    strAppend(&page.html, "<a href=\"#case-", it->second, "\"><code>", esc(id), "</code></a>");
  else
    strAppend(&page.html, "<code>", esc(id), "</code>");
}

void appendOps(Page& page, const StatusCounts& totals) {
  const std::vector<GroupSummary> groups = summarizeGroups(page.results);
  // The status columns: PASS and FAIL always, the others when the run has any.
  std::vector<Status> columns;
  for (int s = 0; s < kNumStatuses; ++s) {
    const Status status = static_cast<Status>(s);
    if (status == Status::kPass || status == Status::kFail || totals[s] > 0) columns.push_back(status);
  }
  // Groups come sorted by backend, op, type; a section per op gathers every backend and type of that op.
  std::map<std::string, std::vector<const GroupSummary*>> by_op;
  for (const GroupSummary& g : groups) by_op[g.op].push_back(&g);

  std::vector<std::pair<std::string, int64_t>> failing_ops;
  for (const auto& [op, op_groups] : by_op) {
    int64_t problems = 0;
    for (const GroupSummary* g : op_groups) problems += g->problems();
    if (problems > 0) failing_ops.emplace_back(op, problems);
  }
  page.html += "<section id=\"ops\"><h2>Results per op &times; element type</h2>\n";
  if (!failing_ops.empty()) {
    page.html += "<p>Ops with failures:</p><ul class=\"index\">";
    for (const auto& [op, problems] : failing_ops) {
      const size_t index = std::distance(by_op.begin(), by_op.find(op));
      strAppend(&page.html, "<li><a href=\"#op-", index, "\">", esc(op.empty() ? "(no op)" : op), "</a> <span class=\"s-FAIL\">",
                problems, "</span></li>");
    }
    page.html += "</ul>\n";
  }
  size_t index = 0;
  for (const auto& [op, op_groups] : by_op) {
    strAppend(&page.html, "<h3 id=\"op-", index++, "\">", esc(op.empty() ? "(no op)" : op), "</h3>\n<div class=\"op-block\">");
    page.html += "<table class=\"groups\"><thead><tr><th>backend</th><th>element type</th><th>cases</th>";
    for (Status status : columns) strAppend(&page.html, "<th class=\"s-", statusName(status), "\">", statusName(status), "</th>");
    page.html += "<th>max ULP</th><th>worst case</th></tr></thead><tbody>\n";
    std::vector<Series> series;
    // Sorted by backend, so the first and last group share a backend exactly when all do.
    const bool one_backend = op_groups.front()->backend == op_groups.back()->backend;
    for (const GroupSummary* g : op_groups) {
      strAppend(&page.html, "<tr><td>", esc(g->backend), "</td><td>", esc(g->element_type), "</td><td class=\"n\">", g->cases,
                "</td>");
      for (Status status : columns) {
        const int64_t n = g->counts[static_cast<int>(status)];
        strAppend(&page.html, "<td class=\"n", n == 0 ? " zero" : strCat(" hit s-", statusName(status)), "\">", n, "</td>");
      }
      strAppend(&page.html, "<td class=\"n\">", formatUlp(g->max_ulp), "</td><td>");
      appendCaseLink(page, g->worst_id, g->backend);
      page.html += "</td></tr>\n";
      // Groups without float elements (empty histograms) get no bars and no legend entry.
      if (std::any_of(g->ulp_histogram.begin(), g->ulp_histogram.end(), [](int64_t n) { return n > 0; }))
        series.push_back({one_backend ? g->element_type : strCat(g->backend, " ", g->element_type), g->ulp_histogram});
    }
    page.html += "</tbody></table>\n";
    page.html += histogramSvg(series);
    page.html += "</div>\n";
  }
  page.html += "</section>\n";
}

void appendFailure(Page& page, const CaseResult& r, size_t index) {
  strAppend(&page.html, "<div class=\"case\" id=\"case-", index, "\" style=\"border-left-color:", statusColor(r.status),
            "\"><h3><span class=\"badge s-", statusName(r.status), "\">", statusName(r.status), "</span> <code>", esc(r.id),
            "</code> <span class=\"muted\">", esc(r.backend), " &middot; ", esc(r.op), " &middot; ", esc(r.element_type),
            "</span></h3>\n");
  if (!r.description.empty()) strAppend(&page.html, "<p class=\"muted\">", esc(r.description), "</p>\n");
  if (!r.message.empty()) strAppend(&page.html, "<p class=\"message\">", esc(r.message), "</p>\n");
  std::string facts;
  if (!r.rule.empty()) strAppend(&facts, "rule <code>", esc(r.rule), "</code>");
  if (r.elements > 0)
    strAppend(&facts, facts.empty() ? "" : " &middot; ", r.elements, " elements, ", r.mismatches, " beyond tolerance",
              r.max_ulp >= 0 ? strCat(", max ULP ", esc(formatUlp(r.max_ulp))) : std::string());
  for (const auto& [category, count] : r.categories)
    strAppend(&facts, facts.empty() ? "" : " &middot; ", esc(category), " ", count);
  if (r.seconds > 0) strAppend(&facts, facts.empty() ? "" : " &middot; ", formatSeconds(r.seconds));
  if (!facts.empty()) strAppend(&page.html, "<p class=\"muted\">", facts, "</p>\n");
  if (!r.repro.empty()) strAppend(&page.html, "<p>repro: <code class=\"repro\">", esc(r.repro), "</code></p>\n");
  if (!r.stderr_text.empty())
    strAppend(&page.html, "<details><summary>the backend's stderr during this case</summary><pre class=\"message\">", esc(r.stderr_text),
              "</pre></details>\n");
  if (!r.worst.empty()) {
    page.html +=
        "<table class=\"worst\"><thead><tr><th>output</th><th>position</th><th>expected</th><th>expected bits</th>"
        "<th>actual</th><th>actual bits</th><th>ULP</th><th>bound</th><th>category</th></tr></thead><tbody>\n";
    for (const ElementDiff& d : r.worst) {
      char bound[32];
      std::snprintf(bound, sizeof bound, "%.3g", d.bound);
      strAppend(&page.html, "<tr><td class=\"n\">", d.output, "</td><td>", esc(d.position.empty() ? strCat("#", d.index) : d.position),
                "</td><td>", esc(d.expected), "</td><td>", esc(d.expected_bits), "</td><td>", esc(d.actual), "</td><td>",
                esc(d.actual_bits), "</td><td class=\"n\">", esc(formatUlp(d.ulp)), "</td><td class=\"n\">",
                d.bound > 0 ? std::string(bound) : std::string(), "</td><td>", esc(d.category), "</td></tr>\n");
    }
    page.html += "</tbody></table>\n";
  }
  for (size_t i = 0; i < r.inputs.size(); ++i) {
    const InputRecord& input = r.inputs[i];
    const size_t bytes = input.hex.size() > 2 ? (input.hex.size() - 2) / 2 : 0;
    // Small inputs are shown open; larger ones fold (a click opens them, no script needed). The values
    // decoded first, then the exact bits.
    const std::string values = decodedValues(input);
    strAppend(&page.html, bytes <= kOpenInputBytes ? "<details open>" : "<details>", "<summary>input #", i, " <code>",
              esc(input.type), "</code> ", bytes, " bytes", input.truncated ? " (the first bytes only)" : "", "</summary>",
              values.empty() ? std::string() : strCat("<pre class=\"values\">", esc(values), "</pre>"), "<pre class=\"hex\">",
              esc(wrapHex(input.hex)), "</pre></details>\n");
  }
  page.html += "</div>\n";
}

void appendFailures(Page& page, const std::vector<const CaseResult*>& failures) {
  if (failures.empty()) return;
  strAppend(&page.html, "<section id=\"failures\"><h2>Failures (", failures.size(), ")</h2>\n");
  if (failures.size() > kMaxFailures)
    strAppend(&page.html, "<p class=\"muted\">The first ", kMaxFailures, " are shown; results.json has all of them.</p>\n");
  for (size_t i = 0; i < failures.size() && i < kMaxFailures; ++i) appendFailure(page, *failures[i], i);
  page.html += "</section>\n";
}

void appendAccepted(Page& page) {
  std::vector<const CaseResult*> accepted;
  for (const CaseResult& r : page.results)
    if (isAcceptable(r.status) && r.status != Status::kPass) accepted.push_back(&r);
  if (accepted.empty()) return;
  strAppend(&page.html, "<section id=\"accepted\"><h2>Accepted without passing (", accepted.size(),
            ")</h2>\n<details><summary>UNSUPPORTED, IMPL_DEFINED and XFAIL cases with their reasons</summary>\n"
            "<table><thead><tr><th>status</th><th>case</th><th>backend</th><th>reason</th></tr></thead><tbody>\n");
  for (size_t i = 0; i < accepted.size() && i < kMaxAcceptedListed; ++i) {
    const CaseResult& r = *accepted[i];
    strAppend(&page.html, "<tr><td class=\"s-", statusName(r.status), "\">", statusName(r.status), "</td><td><code>", esc(r.id),
              "</code></td><td>", esc(r.backend), "</td><td>", esc(truncateText(firstLine(r.message), 300)), "</td></tr>\n");
  }
  page.html += "</tbody></table>";
  if (accepted.size() > kMaxAcceptedListed)
    strAppend(&page.html, "<p class=\"muted\">", accepted.size() - kMaxAcceptedListed, " more in results.json.</p>");
  page.html += "</details></section>\n";
}

// "Accepts programs the spec forbids": the negative cases (docs/verifier.md) whose backend accepted the
// program in its verify answer, apart from the other failures: a vendor's compiler that lets an invalid
// program through is a finding of its own, whatever the baseline says about it.
void appendAcceptsForbidden(Page& page) {
  const std::vector<const CaseResult*> accepting = acceptsForbidden(page.results);
  if (accepting.empty()) return;
  strAppend(&page.html, "<section id=\"accepts-forbidden\"><h2>Accepts programs the spec forbids (", accepting.size(),
            ")</h2>\n<table><thead><tr><th>backend</th><th>case</th><th>constraint</th><th>status</th></tr></thead><tbody>\n");
  for (const CaseResult* r : accepting) {
    std::string constraints;
    for (const std::string& c : r->expect_invalid) strAppend(&constraints, constraints.empty() ? "" : ", ", c);
    strAppend(&page.html, "<tr><td>", esc(r->backend), "</td><td><code>", esc(r->id), "</code></td><td>", esc(constraints),
              "</td><td class=\"s-", statusName(r->status), "\">", statusName(r->status), "</td></tr>\n");
  }
  page.html += "</tbody></table></section>\n";
}

}  // namespace

std::string htmlReport(const RunInfo& info, const std::vector<CaseResult>& results) {
  Page page{info, results, {}, {}};
  std::vector<const CaseResult*> failures;
  for (const CaseResult& r : results)
    if (!isAcceptable(r.status)) failures.push_back(&r);
  for (size_t i = 0; i < failures.size() && i < kMaxFailures; ++i)
    page.failure_anchor.emplace(anchorKey(failures[i]->id, failures[i]->backend), i);

  const StatusCounts counts = countStatuses(results);
  const bool passed = exitStatusFor(results) == 0;
  strAppend(&page.html, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>hloconf report: ",
            passed ? "passed" : "FAILED", "</title>\n<style>", kStyle, "</style>\n</head>\n<body>\n");
  strAppend(&page.html, "<h1>hloconf report <span class=\"verdict ", passed ? "ok\">passed" : "bad\">FAILED", "</span></h1>\n");
  appendFacts(page);
  appendTotals(page, counts);
  if (!results.empty()) appendOps(page, counts);
  appendAcceptsForbidden(page);
  appendFailures(page, failures);
  appendAccepted(page);
  page.html += "</body>\n</html>\n";
  return page.html;
}

}  // namespace hloconf::reports
