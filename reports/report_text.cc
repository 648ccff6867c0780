#include "reports/report_text.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>

#include "ir/strings.h"

namespace hloconf::reports {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// The length of the valid UTF-8 sequence at text[i], or 0 when the bytes there are not one.
size_t utf8Length(std::string_view text, size_t i) {
  const auto byte = [&](size_t k) { return static_cast<uint8_t>(text[k]); };
  const uint8_t b = byte(i);
  if (b < 0x80) return 1;
  size_t n;
  uint32_t min;
  if ((b & 0xE0) == 0xC0) n = 2, min = 0x80;
  else if ((b & 0xF0) == 0xE0) n = 3, min = 0x800;
  else if ((b & 0xF8) == 0xF0) n = 4, min = 0x10000;
  else return 0;
  if (i + n > text.size()) return 0;
  uint32_t code = b & (0x7F >> n);
  for (size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    code = (code << 6) | (byte(i + k) & 0x3F);
  }
  // Overlong forms, surrogates and values past U+10FFFF are not valid UTF-8.
  if (code < min || (code >= 0xD800 && code <= 0xDFFF) || code > 0x10FFFF) return 0;
  return n;
}

}  // namespace

std::string sanitizeUtf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    size_t n = utf8Length(text, i);
    if (n == 0) {
      out.append(kReplacement);
      ++i;
    } else {
      out.append(text.substr(i, n));
      i += n;
    }
  }
  return out;
}

namespace {
// A character as itself, or a control character as `\xNN` (terminals and XML cannot show them).
void appendVisible(std::string& out, char c) {
  if (static_cast<uint8_t>(c) < 0x20 || c == 0x7F) {
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, "\\x%02X", static_cast<unsigned>(static_cast<uint8_t>(c)));
    out += buffer;
  } else {
    out += c;
  }
}
}  // namespace

std::string terminalText(std::string_view text) {
  std::string out;
  for (char c : sanitizeUtf8(text)) appendVisible(out, c);
  return out;
}

std::string xmlEscape(std::string_view text, bool attribute) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (char c : sanitizeUtf8(text)) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      case '\n': out += attribute ? "&#10;" : "\n"; break;
      case '\t': out += attribute ? "&#9;" : "\t"; break;
      case '\r': out += "&#13;"; break;
      default: appendVisible(out, c);
    }
  }
  return out;
}

std::string markdownText(std::string_view text) {
  std::string out;
  for (char c : sanitizeUtf8(text)) {
    if (c == '\n' || c == '\r' || c == '\t') {
      out += ' ';
    } else if (std::string_view("\\`*_[]<>|&~#!").find(c) != std::string_view::npos) {
      out += '\\';
      out += c;
    } else {
      // A control byte (a case ID or message can carry one) becomes `\x1B`: raw, it would reach the
      // terminal or page that shows the file. Markdown escapes only punctuation, so it shows as written.
      appendVisible(out, c);
    }
  }
  return out;
}

std::string markdownCode(std::string_view text, bool in_table) {
  std::string body;
  for (char c : sanitizeUtf8(text)) {
    if (c == '\n' || c == '\r' || c == '\t') body += ' ';
    else if (c == '|' && in_table) body += "\\|";
    else appendVisible(body, c);  // a control byte as `\x1B`, as in markdownText
  }
  if (body.find('`') == std::string::npos) return strCat("`", body, "`");
  // A longer fence than any backtick run inside; the spaces let the text start or end with a backtick.
  size_t longest = 0, run = 0;
  for (char c : body) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  std::string fence(longest + 1, '`');
  return strCat(fence, " ", body, " ", fence);
}

std::string truncateText(std::string_view text, size_t max_chars) {
  if (text.size() <= max_chars) return std::string(text);
  size_t cut = max_chars;
  // Back up over UTF-8 continuation bytes so the cut does not split a character.
  while (cut > 0 && (static_cast<uint8_t>(text[cut]) & 0xC0) == 0x80) --cut;
  return strCat(text.substr(0, cut), "...");
}

std::string_view firstLine(std::string_view text) { return text.substr(0, text.find('\n')); }

std::vector<std::string> wrapWords(std::string_view text, size_t width, size_t max_lines, std::string_view more) {
  std::vector<std::string> lines;
  std::string_view rest = firstLine(text);
  width = std::max<size_t>(width, more.size() + 8);
  while (!rest.empty() && lines.size() < max_lines) {
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    if (rest.empty()) break;
    const bool last = lines.size() + 1 == max_lines;
    if (rest.size() <= width) {
      lines.emplace_back(rest);
      rest = {};
      break;
    }
    // The last line allowed keeps room for `more`.
    const size_t room = last ? width - more.size() : width;
    size_t cut = rest.rfind(' ', room);
    if (cut == std::string_view::npos || cut < room / 2) {
      cut = room;  // one long word (a path, bits): cut it, at a character boundary
      while (cut > 0 && (static_cast<uint8_t>(rest[cut]) & 0xC0) == 0x80) --cut;
    }
    std::string line(rest.substr(0, cut));
    while (!line.empty() && line.back() == ' ') line.pop_back();
    rest.remove_prefix(cut);
    if (last) line += more;
    lines.push_back(std::move(line));
  }
  return lines;
}

std::string formatUlp(double ulp) {
  if (std::isnan(ulp)) return "nan";
  if (ulp < 0) return "-";
  if (std::isinf(ulp)) return "inf";
  char buffer[32];
  if (ulp < 1e7) {
    if (ulp == std::floor(ulp)) std::snprintf(buffer, sizeof buffer, "%.0f", ulp);
    else std::snprintf(buffer, sizeof buffer, "%.2f", ulp);
  } else {
    std::snprintf(buffer, sizeof buffer, "%.3g", ulp);
  }
  return buffer;
}

std::string formatSeconds(double seconds) {
  char buffer[32];
  if (!(seconds >= 0) || std::isinf(seconds)) return "-";
  if (seconds < 1) {
    std::snprintf(buffer, sizeof buffer, "%.0fms", seconds * 1000);
  } else if (seconds < 60) {
    std::snprintf(buffer, sizeof buffer, "%.1fs", seconds);
  } else if (seconds < 3600) {
    const int s = static_cast<int>(seconds);
    std::snprintf(buffer, sizeof buffer, "%dm%02ds", s / 60, s % 60);
  } else {
    const int64_t m = static_cast<int64_t>(seconds / 60);
    std::snprintf(buffer, sizeof buffer, "%lldh%02lldm", static_cast<long long>(m / 60), static_cast<long long>(m % 60));
  }
  return buffer;
}

std::string elementDiffLine(const ElementDiff& d) {
  std::string line = strCat("output ", d.output, " ", d.position.empty() ? strCat("#", d.index) : d.position, ": expected ",
                            d.expected);
  if (!d.expected_bits.empty()) strAppend(&line, " (", d.expected_bits, ")");
  strAppend(&line, ", actual ", d.actual);
  if (!d.actual_bits.empty()) strAppend(&line, " (", d.actual_bits, ")");
  if (d.ulp >= 0) strAppend(&line, ", ", formatUlp(d.ulp), " ULP");
  if (d.bound > 0) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3g", d.bound);
    strAppend(&line, ", bound ", buffer);
  }
  if (!d.category.empty()) strAppend(&line, ", ", d.category);
  return line;
}

std::string caseDetails(const CaseResult& r, size_t max_hex_chars) {
  std::string text = strCat(statusName(r.status), " ", r.id, " (", r.backend, ")");
  if (!r.rule.empty()) strAppend(&text, "\nrule: ", r.rule);
  if (!r.message.empty()) strAppend(&text, "\n", r.message);
  if (r.elements > 0)
    strAppend(&text, "\nelements: ", r.elements, ", mismatches: ", r.mismatches, ", max ULP: ", formatUlp(r.max_ulp));
  for (const auto& [category, count] : r.categories) strAppend(&text, "\n", category, ": ", count, " element(s)");
  if (!r.worst.empty()) {
    text += "\nworst elements:";
    for (const ElementDiff& d : r.worst) strAppend(&text, "\n  ", elementDiffLine(d));
  }
  if (!r.inputs.empty()) {
    text += "\ninputs:";
    for (size_t i = 0; i < r.inputs.size(); ++i) {
      const InputRecord& input = r.inputs[i];
      strAppend(&text, "\n  #", i, " ", input.type, " ", truncateText(input.hex, max_hex_chars));
      if (input.truncated) text += " (truncated)";
    }
  }
  if (!r.repro.empty()) strAppend(&text, "\nrepro: ", r.repro);
  return text;
}

}  // namespace hloconf::reports
