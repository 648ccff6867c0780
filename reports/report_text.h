// Text helpers the report writers share: escaping for XML/HTML and Markdown, and number formats.
// Messages come from backends and may hold anything, so every writer passes user text through these.
#ifndef HLOCONF_REPORTS_REPORT_TEXT_H_
#define HLOCONF_REPORTS_REPORT_TEXT_H_

#include <string>
#include <string_view>
#include <vector>

#include "reports/result.h"

namespace hloconf::reports {

// Replaces each byte that is not part of valid UTF-8 with U+FFFD, so JSON and XML writers never fail.
std::string sanitizeUtf8(std::string_view text);

// Text for a terminal: invalid UTF-8 becomes U+FFFD and control characters (escape sequences, line
// breaks included) become "\xNN", so a backend's message cannot move the cursor or recolour the console.
std::string terminalText(std::string_view text);

// XML/HTML text or attribute value: & < > " ' as entities; control characters that XML 1.0 cannot hold
// (anything below 0x20 but tab, newline and carriage return) as "\xNN"; newline and tab as character
// references when `attribute` (so attribute values keep them). Invalid UTF-8 becomes U+FFFD.
std::string xmlEscape(std::string_view text, bool attribute = false);

// Markdown inline text: the punctuation CommonMark gives meaning to is backslash-escaped and line breaks
// become spaces, so a message cannot start a list, a table cell or an HTML tag.
std::string markdownText(std::string_view text);
// A Markdown code span (`text`, or `` text `` when the text holds a backtick); `in_table` escapes '|'
// as GitHub's tables need even inside code spans.
std::string markdownCode(std::string_view text, bool in_table);

// Cuts text longer than `max_chars` bytes (at a UTF-8 boundary) and appends "...".
std::string truncateText(std::string_view text, size_t max_chars);
// The first line of `text` (what one-line reports show of a multi-line message).
std::string_view firstLine(std::string_view text);
// `text` (its first line) broken at spaces into lines of at most `width` characters, at most `max_lines`
// of them; when more would be needed, the last line ends with `more` (e.g. " ... (see report.html)").
// A word longer than `width` is cut only where it must be (no space to break at).
std::vector<std::string> wrapWords(std::string_view text, size_t width, size_t max_lines, std::string_view more);

// A ULP distance for a table: "-" when negative (no float elements), "inf", an integer below 10^7, else
// three significant digits ("1.68e+07"); fractional distances below 10^7 get up to two decimals.
std::string formatUlp(double ulp);
// A duration: "850ms", "12.3s", "4m05s", "1h02m".
std::string formatSeconds(double seconds);

// One worst element on one line: "output 0 [2]: expected 1.0 (0x3F800000), actual 1.0000001 (0x3F800001),
// 1 ULP, bound 0, value".
std::string elementDiffLine(const ElementDiff& diff);
// A case's verdict in plain text, several lines: status and rule, message, counts, worst elements, inputs
// (hex cut at `max_hex_chars`), repro command. JUnit's failure bodies and the console use it.
std::string caseDetails(const CaseResult& result, size_t max_hex_chars = 256);

}  // namespace hloconf::reports

#endif  // HLOCONF_REPORTS_REPORT_TEXT_H_
