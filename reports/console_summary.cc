// The console summary printed at the end of `hloconf run` and `hloconf merge`.
#include <algorithm>

#include "ir/strings.h"
#include "reports/report_text.h"
#include "reports/writers.h"

namespace hloconf::reports {
namespace {

constexpr size_t kLineWidth = 120;
constexpr size_t kMaxFailuresListed = 10;

constexpr const char* kRed = "\x1b[31m";
constexpr const char* kGreen = "\x1b[32m";
constexpr const char* kYellow = "\x1b[33m";
constexpr const char* kBold = "\x1b[1m";
constexpr const char* kReset = "\x1b[0m";

// Short names for the "other" column, where width is scarce.
std::string_view shortName(Status status) {
  switch (status) {
    case Status::kUnsupported: return "unsup";
    case Status::kCrash: return "crash";
    case Status::kTimeout: return "timeout";
    case Status::kError: return "error";
    case Status::kImplDefined: return "impl-def";
    case Status::kXFail: return "xfail";
    case Status::kXPass: return "xpass";
    case Status::kFlaky: return "flaky";
    case Status::kInvalid: return "invalid";
    default: return statusName(status);
  }
}

std::string otherStatuses(const StatusCounts& counts, bool& blocking) {
  std::string text;
  blocking = false;
  for (int s = 0; s < kNumStatuses; ++s) {
    const Status status = static_cast<Status>(s);
    if (status == Status::kPass || status == Status::kFail || counts[s] == 0) continue;
    strAppend(&text, text.empty() ? "" : " ", counts[s], " ", shortName(status));
    blocking |= !isAcceptable(status);
  }
  return text;
}

// Fits text into `width` columns: cut at the end ("add_very_lo...") or, for case IDs whose distinctive
// part is the end, at the start ("...special-values#seed=7"). IDs are ASCII in practice; a multi-byte
// character only makes the column a little narrower.
std::string fit(std::string_view text, size_t width, bool keep_end = false) {
  if (text.size() <= width) return std::string(text);
  if (width <= 3) return std::string(text.substr(0, width));
  if (keep_end) return strCat("...", text.substr(text.size() - (width - 3)));
  return strCat(text.substr(0, width - 3), "...");
}

std::string pad(std::string_view text, size_t width, bool right_align) {
  const std::string spaces(text.size() < width ? width - text.size() : 0, ' ');
  return right_align ? strCat(spaces, text) : strCat(text, spaces);
}

std::string paint(const std::string& text, const char* color, bool enabled) {
  return enabled && color ? strCat(color, text, kReset) : text;
}

struct Row {
  std::string backend, op, type, cases, pass, fail, other, ulp, worst;
  bool fail_nonzero = false, other_blocking = false, problems = false, pass_all = false;
};

}  // namespace

std::string consoleSummary(const std::vector<CaseResult>& results, bool color, bool full_table) {
  if (results.empty()) return "no cases ran\n";
  const std::vector<GroupSummary> groups = summarizeGroups(results);
  bool several_backends = false;
  for (const GroupSummary& g : groups) several_backends |= g.backend != groups.front().backend;

  std::vector<Row> rows;
  for (const GroupSummary& g : groups) {
    Row row;
    row.backend = terminalText(g.backend);
    row.op = g.op.empty() ? "-" : terminalText(g.op);
    row.type = g.element_type.empty() ? "-" : terminalText(g.element_type);
    row.cases = strCat(g.cases);
    row.pass = strCat(g.counts[static_cast<int>(Status::kPass)]);
    row.fail = strCat(g.counts[static_cast<int>(Status::kFail)]);
    row.other = otherStatuses(g.counts, row.other_blocking);
    row.ulp = formatUlp(g.max_ulp);
    row.worst = terminalText(g.worst_id);
    row.fail_nonzero = g.counts[static_cast<int>(Status::kFail)] > 0;
    row.problems = g.problems() > 0;
    row.pass_all = g.counts[static_cast<int>(Status::kPass)] == g.cases;
    rows.push_back(std::move(row));
  }

  // Column widths: the widest cell, within a cap; the worst case ID gets what is left of the line.
  auto width = [&](std::string Row::*field, std::string_view header, size_t cap) {
    size_t w = header.size();
    for (const Row& row : rows) w = std::max(w, (row.*field).size());
    return std::min(w, cap);
  };
  const size_t w_backend = several_backends ? width(&Row::backend, "backend", 14) : 0;
  const size_t w_op = width(&Row::op, "op", 24), w_type = width(&Row::type, "type", 12);
  const size_t w_cases = width(&Row::cases, "cases", 9), w_pass = width(&Row::pass, "PASS", 9);
  const size_t w_fail = width(&Row::fail, "FAIL", 9), w_other = width(&Row::other, "other", 32);
  const size_t w_ulp = width(&Row::ulp, "max ULP", 9);
  size_t used = (several_backends ? w_backend + 2 : 0) + w_op + 2 + w_type + 2 + w_cases + 2 + w_pass + 2 + w_fail + 2 +
                w_other + 2 + w_ulp + 2;
  const size_t w_worst = used + 24 < kLineWidth ? kLineWidth - used : 24;

  auto line = [&](const Row& row, bool header) {
    std::string text;
    if (several_backends) strAppend(&text, pad(fit(row.backend, w_backend), w_backend, false), "  ");
    strAppend(&text, pad(fit(row.op, w_op), w_op, false), "  ", pad(fit(row.type, w_type), w_type, false), "  ");
    strAppend(&text, pad(row.cases, w_cases, true), "  ");
    strAppend(&text, paint(pad(row.pass, w_pass, true), !header && row.pass_all ? kGreen : nullptr, color), "  ");
    strAppend(&text, paint(pad(row.fail, w_fail, true), !header && row.fail_nonzero ? kRed : nullptr, color), "  ");
    strAppend(&text, paint(pad(fit(row.other, w_other), w_other, false),
                           header || row.other.empty() ? nullptr : row.other_blocking ? kRed : kYellow, color), "  ");
    strAppend(&text, pad(row.ulp, w_ulp, true), "  ");
    strAppend(&text, paint(fit(row.worst, w_worst, true), !header && row.problems ? kRed : nullptr, color));
    while (!text.empty() && text.back() == ' ') text.pop_back();
    return text;
  };

  Row header{"backend", "op", "type", "cases", "PASS", "FAIL", "other", "max ULP", "worst case"};
  // Rows whose every case passed are folded into one line unless the full table is asked for: in a run of
  // thousands of groups, the rows that need a look stay on screen.
  size_t folded = 0;
  int64_t folded_cases = 0;
  std::string table;
  for (size_t i = 0; i < rows.size(); ++i) {
    if (!full_table && rows[i].pass_all) {
      ++folded;
      folded_cases += groups[i].cases;
      continue;
    }
    table += line(rows[i], false) + "\n";
  }
  std::string out;
  if (!table.empty()) out = paint(line(header, true), kBold, color) + "\n" + table;
  if (folded > 0)
    strAppend(&out, paint(strCat(table.empty() ? "all " : "and ", folded, " op/type row", folded == 1 ? "" : "s", " (", folded_cases,
                                 " case", folded_cases == 1 ? "" : "s", ") with every case PASS"),
                          kGreen, color),
              " (--table full lists them)\n");

  const StatusCounts counts = countStatuses(results);
  std::string totals = strCat("\n", results.size(), " case", results.size() == 1 ? "" : "s");
  const char* separator = ": ";
  for (int s = 0; s < kNumStatuses; ++s) {
    if (counts[s] == 0) continue;
    strAppend(&totals, separator, counts[s], " ", statusName(static_cast<Status>(s)));
    separator = ", ";
  }
  out += totals + "\n";
  // Negative cases a backend accepted: listed apart (they are FAILs or, with a baseline, XFAILs too).
  if (const std::vector<const CaseResult*> accepting = acceptsForbidden(results); !accepting.empty()) {
    strAppend(&out, "\naccepts programs the spec forbids (", accepting.size(), "):\n");
    for (size_t i = 0; i < accepting.size() && i < kMaxFailuresListed; ++i) {
      std::string constraints;
      for (const std::string& c : accepting[i]->expect_invalid) strAppend(&constraints, constraints.empty() ? "" : ", ", c);
      strAppend(&out, "  ", terminalText(accepting[i]->backend), ": ", terminalText(accepting[i]->id), " (", terminalText(constraints), ")\n");
    }
    if (accepting.size() > kMaxFailuresListed) strAppend(&out, "  ... and ", accepting.size() - kMaxFailuresListed, " more (results.json)\n");
  }

  std::vector<const CaseResult*> failures;
  for (const CaseResult& r : results)
    if (!isAcceptable(r.status)) failures.push_back(&r);
  if (failures.empty()) {
    // The exit status also depends on the run's gates (no case tested, --min-pass, --max-unsupported):
    // `hloconf run` prints the verdict once those are known.
    out += paint("no failing case", kGreen, color) + "\n";
    return out;
  }
  out += paint(strCat("result: FAILED (exit status 1: ", failures.size(), " case", failures.size() == 1 ? "" : "s",
                      " not PASS, UNSUPPORTED, IMPL_DEFINED or XFAIL)"),
               kRed, color) +
         "\n\n";
  if (failures.size() > kMaxFailuresListed)
    strAppend(&out, "first ", kMaxFailuresListed, " of ", failures.size(), " failures:\n");
  else
    out += "failures:\n";
  for (size_t i = 0; i < failures.size() && i < kMaxFailuresListed; ++i) {
    const CaseResult& r = *failures[i];
    std::string head = strCat(paint(std::string(statusName(r.status)), kRed, color), " ", terminalText(r.id), " (",
                              terminalText(r.backend), ")");
    const std::string_view message = firstLine(r.message);
    const size_t plain_width = 2 + statusName(r.status).size() + 1 + r.id.size() + 2 + r.backend.size() + 1;
    if (message.empty()) {
      strAppend(&out, "  ", head, "\n");
    } else if (plain_width + 2 + message.size() <= kLineWidth) {
      strAppend(&out, "  ", head, ": ", terminalText(message), "\n");
    } else {
      // A long message on lines of its own, broken between words, never mid-word; past three lines it
      // points at the reports, which hold it whole.
      strAppend(&out, "  ", head, ":\n");
      for (const std::string& line : wrapWords(message, kLineWidth - 4, 3, " ... (whole message: results.json, report.html)"))
        strAppend(&out, "    ", terminalText(line), "\n");
    }
    if (!r.repro.empty()) strAppend(&out, "    repro: ", terminalText(r.repro), "\n");
  }
  return out;
}

}  // namespace hloconf::reports
