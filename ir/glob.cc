#include "ir/glob.h"

#include <string>
#include <vector>

#include "ir/strings.h"

namespace hloconf {
namespace {

// Position of the `}` that closes the `{` at `open`, or npos.
size_t closingBrace(std::string_view pattern, size_t open) {
  int depth = 0;
  for (size_t i = open; i < pattern.size(); ++i) {
    if (pattern[i] == '{') ++depth;
    if (pattern[i] == '}' && --depth == 0) return i;
  }
  return std::string_view::npos;
}

// The brace-free patterns `pattern` stands for ("{a,b}*" -> "a*", "b*").
void expandBraces(std::string_view pattern, std::vector<std::string>& out) {
  const size_t open = pattern.find('{');
  if (open == std::string_view::npos) {
    out.emplace_back(pattern);
    return;
  }
  const size_t close = closingBrace(pattern, open);
  if (close == std::string_view::npos) {  // unbalanced (checkGlob reports it): match the text literally
    out.emplace_back(pattern);
    return;
  }
  std::string_view prefix = pattern.substr(0, open), body = pattern.substr(open + 1, close - open - 1),
                   suffix = pattern.substr(close + 1);
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i <= body.size(); ++i) {
    if (i < body.size() && body[i] == '{') ++depth;
    if (i < body.size() && body[i] == '}') --depth;
    if (i == body.size() || (body[i] == ',' && depth == 0)) {
      expandBraces(strCat(prefix, body.substr(start, i - start), suffix), out);
      start = i + 1;
    }
  }
}

// Matches the character class starting at pattern[p] == '[' against c; sets `next` past the `]`. A `[`
// without its `]` matches itself.
bool matchClass(std::string_view pattern, size_t p, char c, size_t& next) {
  size_t i = p + 1;
  const bool negated = i < pattern.size() && (pattern[i] == '!' || pattern[i] == '^');
  if (negated) ++i;
  const size_t first = i;
  bool found = false;
  for (; i < pattern.size() && (pattern[i] != ']' || i == first); ++i) {
    if (i + 2 < pattern.size() && pattern[i + 1] == '-' && pattern[i + 2] != ']') {
      found = found || (pattern[i] <= c && c <= pattern[i + 2]);
      i += 2;
    } else {
      found = found || pattern[i] == c;
    }
  }
  if (i >= pattern.size()) {  // no closing bracket: a literal '['
    next = p + 1;
    return c == '[';
  }
  next = i + 1;
  return found != negated;
}

bool matchSimple(std::string_view pattern, std::string_view text) {
  size_t p = 0, t = 0, star = std::string_view::npos, resume = 0;
  while (t < text.size()) {
    size_t next = 0;
    if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      resume = t;
    } else if (p < pattern.size() && pattern[p] == '[' && matchClass(pattern, p, text[t], next)) {
      p = next;
      ++t;
    } else if (p < pattern.size() && pattern[p] != '[' && (pattern[p] == '?' || pattern[p] == text[t])) {
      ++p;
      ++t;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      t = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

}  // namespace

bool globMatch(std::string_view pattern, std::string_view text) {
  if (pattern.find('{') == std::string_view::npos) return matchSimple(pattern, text);
  std::vector<std::string> alternatives;
  expandBraces(pattern, alternatives);
  for (const std::string& p : alternatives)
    if (matchSimple(p, text)) return true;
  return false;
}

bool globMatchAny(std::string_view globs, std::string_view text) {
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i <= globs.size(); ++i) {
    if (i < globs.size() && globs[i] == '{') ++depth;
    if (i < globs.size() && globs[i] == '}') --depth;
    if (i == globs.size() || (globs[i] == ',' && depth <= 0)) {
      const std::string_view glob = globs.substr(start, i - start);
      if (!glob.empty() && globMatch(glob, text)) return true;
      start = i + 1;
    }
  }
  return false;
}

absl::Status checkGlob(std::string_view pattern) {
  int depth = 0;
  for (char c : pattern) {
    if (c == '{') ++depth;
    if (c == '}' && --depth < 0) return absl::InvalidArgumentError(strCat("unmatched '}' in glob \"", pattern, "\""));
  }
  if (depth != 0) return absl::InvalidArgumentError(strCat("unmatched '{' in glob \"", pattern, "\""));
  if (pattern.empty()) return absl::InvalidArgumentError("empty glob (use \"*\" for every name)");
  return absl::OkStatus();
}

}  // namespace hloconf
