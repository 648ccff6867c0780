// Progress of a run on the console, safe to call from the runner's worker threads.
//
// On a terminal (stderr is a TTY and TERM is not "dumb") one line, redrawn at most ten times a second,
// with each failure (a status a run may not exit 0 with) printed above it as it happens:
//   [ 13/340] FAIL gen/exponential/f32/x#seed=7 (reference): 3 ULP at [2] ...
//   [##########----------]  120/340  35%  PASS 110  FAIL 5  other 5  12.3/s  ETA 18s
// Otherwise (a CI log, a pipe) the failures as plain lines, and a progress line every few seconds and at
// the end:
//   progress: 120/340  35%  PASS 110  FAIL 5  other 5  12.3/s  ETA 18s
// With -v (kAllLines) one line per finished case, PASS included; nothing at all in quiet mode.
#ifndef HLOCONF_REPORTS_PROGRESS_H_
#define HLOCONF_REPORTS_PROGRESS_H_

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>
#include <string_view>

#include "reports/result.h"
#include "reports/writers.h"

namespace hloconf::reports {

class Progress {
 public:
  enum class Mode {
    kAuto,   // kBar when `out` is a terminal, else kLines
    kBar,
    kLines,     // failures, and a progress line every `progress_interval`
    kAllLines,  // every case
    kQuiet,
  };
  // The bar is coloured when `out` is a terminal and NO_COLOR is unset.
  explicit Progress(Mode mode = Mode::kAuto, FILE* out = stderr);
  // What kAuto becomes for stderr: kBar on a terminal, else kLines.
  static Mode autoMode();

  void start(int64_t total);
  void caseFinished(const CaseResult& result);
  // Prints a line of its own (a warning, a backend restart) without tearing the bar.
  void message(std::string_view line);
  // Draws the final state and ends the bar's line (kLines: prints the last progress line); later calls do
  // nothing.
  void finish();
  // How often kLines prints its progress line (default 5 s).
  void setProgressInterval(std::chrono::milliseconds interval) { progress_interval_ = interval; }

  Mode mode() const { return mode_; }
  int64_t done() const;

 private:
  void drawBarLocked(bool force);

  Mode mode_;
  FILE* out_;
  bool color_ = false;
  mutable std::mutex mutex_;
  int64_t total_ = 0;
  int64_t done_ = 0;
  StatusCounts counts_{};
  bool finished_ = false;
  bool bar_drawn_ = false;
  std::chrono::steady_clock::time_point started_;
  std::chrono::steady_clock::time_point last_draw_;
  std::chrono::milliseconds progress_interval_{5000};
};

// The bar line for `done` of `total` cases after `elapsed_seconds`, fitted into `width` columns (the bar
// shrinks, then goes); without a trailing newline or carriage return.
std::string progressBarLine(int64_t done, int64_t total, const StatusCounts& counts, double elapsed_seconds, size_t width,
                            bool color);
// The plain line for the `done`-th finished case: "[ 12/340] PASS spec/add/example-1 (reference)".
std::string progressCaseLine(int64_t done, int64_t total, const CaseResult& result);
// The plain progress line of kLines: "progress: 120/340  35%  PASS 110  FAIL 5  other 5  12.3/s  ETA 18s".
std::string progressStatusLine(int64_t done, int64_t total, const StatusCounts& counts, double elapsed_seconds);

}  // namespace hloconf::reports

#endif  // HLOCONF_REPORTS_PROGRESS_H_
