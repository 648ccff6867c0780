#include "reports/progress.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "ir/strings.h"
#include "reports/report_text.h"

namespace hloconf::reports {
namespace {

constexpr auto kRedrawInterval = std::chrono::milliseconds(100);

size_t terminalWidth(FILE* out) {
  winsize size{};
  if (ioctl(fileno(out), TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  if (const char* columns = std::getenv("COLUMNS")) {
    const long n = std::strtol(columns, nullptr, 10);
    if (n > 0) return static_cast<size_t>(n);
  }
  return 80;
}

bool isTerminal(FILE* out) {
  const char* term = std::getenv("TERM");
  return isatty(fileno(out)) && !(term && std::strcmp(term, "dumb") == 0);
}

std::string paint(std::string_view text, const char* color, bool enabled) {
  return enabled ? strCat(color, text, "\x1b[0m") : std::string(text);
}

// What the bar line and the plain progress line both say: "120/340  35%" and the tail
// "  PASS 110  FAIL 5  other 5  12.3/s  ETA 18s", plain (for measuring) and painted.
struct ProgressText {
  std::string count, plain_tail, painted_tail;
};

ProgressText progressText(int64_t done, int64_t total, const StatusCounts& counts, double elapsed_seconds, bool color) {
  const int64_t pass = counts[static_cast<int>(Status::kPass)];
  const int64_t fail = counts[static_cast<int>(Status::kFail)];
  const int64_t other = done - pass - fail;
  ProgressText text;
  text.count = strCat(done, "/", total > 0 ? strCat(total) : "?");
  if (total > 0) strAppend(&text.count, "  ", done * 100 / total, "%");
  text.plain_tail = strCat("  PASS ", pass, "  FAIL ", fail, "  other ", other);
  text.painted_tail = strCat("  ", paint(strCat("PASS ", pass), "\x1b[32m", color && pass > 0), "  ",
                             paint(strCat("FAIL ", fail), "\x1b[31m", color && fail > 0), "  ",
                             paint(strCat("other ", other), "\x1b[33m", color && other > 0));
  if (elapsed_seconds > 0 && done > 0) {
    const double rate = done / elapsed_seconds;
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, rate >= 10 ? "%.0f/s" : "%.1f/s", rate);
    std::string timing = strCat("  ", buffer);
    if (total > done) strAppend(&timing, "  ETA ", formatSeconds((total - done) / rate));
    else strAppend(&timing, "  ", formatSeconds(elapsed_seconds));
    text.plain_tail += timing;
    text.painted_tail += timing;
  }
  return text;
}

}  // namespace

std::string progressBarLine(int64_t done, int64_t total, const StatusCounts& counts, double elapsed_seconds, size_t width,
                            bool color) {
  const ProgressText text = progressText(done, total, counts, elapsed_seconds, color);
  // The bar takes what is left, 10 to 40 columns; with less room it goes, and the tail is cut last.
  const size_t fixed = text.count.size() + text.plain_tail.size();
  std::string line;
  if (total > 0 && fixed + 2 + 2 + 10 <= width) {
    const size_t bar = std::min<size_t>(40, width - fixed - 4);
    const size_t filled = static_cast<size_t>(std::min(done, total) * static_cast<int64_t>(bar) / total);
    line = strCat("[", std::string(filled, '#'), std::string(bar - filled, '-'), "]  ");
  }
  line += text.count;
  if (line.size() + text.plain_tail.size() <= width) return line + text.painted_tail;
  return line.substr(0, width);
}

std::string progressCaseLine(int64_t done, int64_t total, const CaseResult& result) {
  const std::string total_text = total > 0 ? strCat(total) : "?";
  std::string done_text = strCat(done);
  if (done_text.size() < total_text.size()) done_text.insert(0, total_text.size() - done_text.size(), ' ');
  std::string line = strCat("[", done_text, "/", total_text, "] ", statusName(result.status), " ", terminalText(result.id),
                            " (", terminalText(result.backend), ")");
  if (result.status != Status::kPass && !result.message.empty())
    strAppend(&line, ": ", terminalText(truncateText(firstLine(result.message), 200)));
  return line;
}

std::string progressStatusLine(int64_t done, int64_t total, const StatusCounts& counts, double elapsed_seconds) {
  const ProgressText text = progressText(done, total, counts, elapsed_seconds, /*color=*/false);
  return strCat("progress: ", text.count, text.plain_tail);
}

Progress::Mode Progress::autoMode() { return isTerminal(stderr) ? Mode::kBar : Mode::kLines; }

Progress::Progress(Mode mode, FILE* out) : mode_(mode), out_(out) {
  if (mode_ == Mode::kAuto) mode_ = isTerminal(out_) ? Mode::kBar : Mode::kLines;
  color_ = mode_ == Mode::kBar && isTerminal(out_) && !std::getenv("NO_COLOR");
  started_ = last_draw_ = std::chrono::steady_clock::now();
}

void Progress::start(int64_t total) {
  std::lock_guard<std::mutex> lock(mutex_);
  total_ = total;
  done_ = 0;
  counts_ = {};
  finished_ = false;
  started_ = last_draw_ = std::chrono::steady_clock::now();
  if (mode_ == Mode::kBar) drawBarLocked(true);
}

void Progress::caseFinished(const CaseResult& result) {
  std::lock_guard<std::mutex> lock(mutex_);
  ++done_;
  ++counts_[static_cast<int>(result.status)];
  const bool failure = !isAcceptable(result.status);
  if (mode_ == Mode::kAllLines) {
    std::fprintf(out_, "%s\n", progressCaseLine(done_, total_, result).c_str());
    std::fflush(out_);
  } else if (mode_ == Mode::kLines) {
    if (failure) std::fprintf(out_, "%s\n", progressCaseLine(done_, total_, result).c_str());
    const auto now = std::chrono::steady_clock::now();
    if (now - last_draw_ >= progress_interval_ && done_ < total_) {
      last_draw_ = now;
      std::fprintf(out_, "%s\n",
                   progressStatusLine(done_, total_, counts_, std::chrono::duration<double>(now - started_).count()).c_str());
    }
    std::fflush(out_);
  } else if (mode_ == Mode::kBar) {
    if (failure) {  // above the bar, as it happens
      if (bar_drawn_) std::fputs("\r\x1b[K", out_);
      std::fprintf(out_, "%s\n", progressCaseLine(done_, total_, result).c_str());
      drawBarLocked(true);
    } else {
      drawBarLocked(done_ == total_);
    }
  }
}

void Progress::message(std::string_view line) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (mode_ == Mode::kQuiet) return;
  if (mode_ == Mode::kBar && bar_drawn_) std::fputs("\r\x1b[K", out_);
  std::fprintf(out_, "%s\n", terminalText(line).c_str());
  if (mode_ == Mode::kBar && !finished_) drawBarLocked(true);
  std::fflush(out_);
}

void Progress::finish() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (finished_) return;
  finished_ = true;
  if (mode_ == Mode::kBar) {
    drawBarLocked(true);
    std::fputs("\n", out_);
    std::fflush(out_);
  } else if (mode_ == Mode::kLines && total_ > 0) {
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    std::fprintf(out_, "%s\n", progressStatusLine(done_, total_, counts_, elapsed).c_str());
    std::fflush(out_);
  }
}

int64_t Progress::done() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return done_;
}

void Progress::drawBarLocked(bool force) {
  const auto now = std::chrono::steady_clock::now();
  if (!force && bar_drawn_ && now - last_draw_ < kRedrawInterval) return;
  last_draw_ = now;
  bar_drawn_ = true;
  const double elapsed = std::chrono::duration<double>(now - started_).count();
  // One column short of the width: writing the last column makes some terminals wrap.
  const size_t width = std::max<size_t>(terminalWidth(out_), 20) - 1;
  const std::string line = progressBarLine(done_, total_, counts_, elapsed, width, color_);
  std::fprintf(out_, "\r%s\x1b[K", line.c_str());
  std::fflush(out_);
}

}  // namespace hloconf::reports
