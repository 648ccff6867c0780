// "Did you mean": the known name nearest to a misspelled one (an option, a command, an op, a generator).
#ifndef HLOCONF_IR_NEAREST_NAME_H_
#define HLOCONF_IR_NEAREST_NAME_H_

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hloconf {

// The edit (Levenshtein) distance between a and b: insertions, deletions and substitutions.
inline size_t editDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}
// The candidate nearest to `word` (the first of equals) and its distance; "" when there are none.
inline std::pair<std::string, size_t> nearestWithDistance(std::string_view word, const std::vector<std::string>& candidates) {
  std::pair<std::string, size_t> best = {"", SIZE_MAX};
  for (const std::string& candidate : candidates)
    if (const size_t d = editDistance(word, candidate); d < best.second) best = {candidate, d};
  return best;
}
// The candidate nearest to `word` (the first of equals); "" when there are none.
inline std::string nearestName(std::string_view word, const std::vector<std::string>& candidates) {
  return nearestWithDistance(word, candidates).first;
}
// The candidate `word` most likely misspells: the nearest, if it is within a third of the word's length
// (at least 1, at most 3 edits); else "".
inline std::string likelyMeant(std::string_view word, const std::vector<std::string>& candidates) {
  auto [best, distance] = nearestWithDistance(word, candidates);
  const size_t limit = std::min<size_t>(3, std::max<size_t>(1, word.size() / 3));
  return !best.empty() && distance <= limit ? best : "";
}

}  // namespace hloconf

#endif  // HLOCONF_IR_NEAREST_NAME_H_
