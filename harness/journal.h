// The run journal (`<report-dir>/journal.jsonl`): a header line that fingerprints the run, then one line
// per finished case, appended as each finishes. After a crash or kill -9 of `hloconf run`, `--resume`
// reads it back and runs only what is missing; a torn last line is ignored (that case runs again). Each
// session (the first run, then each --resume) writes a line with its wall-clock start, and each case line
// its wall-clock finish, so that a resumed run's reports count the time of the whole run.
#ifndef HLOCONF_HARNESS_JOURNAL_H_
#define HLOCONF_HARNESS_JOURNAL_H_

#include <mutex>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "nlohmann/json.hpp"
#include "reports/result.h"

namespace hloconf {

class Journal {
 public:
  ~Journal();
  // Opens `dir`/journal.jsonl. Fresh run: truncates it and writes the header. Resume: reads the finished
  // cases into `finished` (the header must match `fingerprint`) and appends after them.
  // `backends` gets the backend lines (appendBackend) of the run being resumed.
  static absl::StatusOr<std::unique_ptr<Journal>> open(const std::string& dir, const nlohmann::json& fingerprint,
                                                       bool resume, std::vector<reports::CaseResult>& finished,
                                                       std::vector<nlohmann::json>* backends = nullptr);
  // Appends one finished case (thread-safe; one write(2) per line, so a kill leaves whole lines).
  absl::Status append(const reports::CaseResult& result);
  // Appends what a backend said it is (its handshake's name and version), once per backend: a resumed
  // run checks it against the backend it starts (the fingerprint's part that only the handshake knows).
  absl::Status appendBackend(const nlohmann::json& identity);
  const std::string& path() const { return path_; }
  // The wall time the sessions before this one spent, each from its start to its last finished case (a
  // killed session's time after its last case is lost); 0 for a fresh run.
  double earlierSeconds() const { return earlier_seconds_; }

 private:
  Journal(std::string path, int fd) : path_(std::move(path)), fd_(fd) {}
  absl::Status writeLine(const std::string& line);
  std::string path_;
  int fd_ = -1;
  std::mutex mutex_;
  double earlier_seconds_ = 0;
};

}  // namespace hloconf

#endif  // HLOCONF_HARNESS_JOURNAL_H_
