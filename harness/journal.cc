#include "harness/journal.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "ir/status_macros.h"
#include "ir/strings.h"

namespace hloconf {
namespace {

// Seconds since the epoch, as the journal records session starts and case finishes.
double wallClockNow() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

}  // namespace

Journal::~Journal() {
  if (fd_ >= 0) ::close(fd_);
}

absl::StatusOr<std::unique_ptr<Journal>> Journal::open(const std::string& dir, const nlohmann::json& fingerprint,
                                                      bool resume, std::vector<reports::CaseResult>& finished,
                                                      std::vector<nlohmann::json>* backends) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return absl::InternalError(strCat(dir, ": error: cannot create the report folder: ", ec.message()));
  std::string path = strCat(dir, "/journal.jsonl");
  if (resume) {
    std::ifstream in(path);
    if (!in)
      return absl::NotFoundError(strCat(path, ": error: --resume needs the journal of an earlier run with the same --report-dir"));
    std::string line;
    bool header = true;
    // Sessions: each from its start line to its last finished case.
    double earlier = 0, session_start = -1, session_last = -1;
    auto closeSession = [&] {
      if (session_start >= 0 && session_last > session_start) earlier += session_last - session_start;
    };
    size_t valid_bytes = 0, line_number = 0;
    while (std::getline(in, line)) {
      ++line_number;
      bool complete = !in.eof();  // the last line of a killed run may lack its newline
      nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
      if (j.is_discarded() || !complete) break;  // a torn line: drop it and everything after
      if (header) {
        if (j.value("type", "") != "run")
          return absl::InvalidArgumentError(strCat(path, ":1: error: not an hloconf journal"));
        if (j["fingerprint"] != fingerprint)
          return absl::FailedPreconditionError(strCat(path, ": error: the journal belongs to a run with other options (",
                                                      j["fingerprint"].dump(), "); rerun those options with --resume, or "
                                                      "start over without --resume"));
        header = false;
        session_start = j.value("started", -1.0);
      } else if (j.value("type", "") == "session") {
        closeSession();
        session_start = j.value("started", -1.0);
        session_last = -1;
      } else if (j.value("type", "") == "case" && j.contains("result")) {
        finished.push_back(reports::CaseResult::fromJson(j["result"]));
        session_last = std::max(session_last, j.value("finished", -1.0));
      } else if (j.value("type", "") == "backend" && j.contains("identity") && backends) {
        backends->push_back(j["identity"]);
      }
      valid_bytes += line.size() + 1;
    }
    if (header) return absl::InvalidArgumentError(strCat(path, ": error: the journal has no header line"));
    closeSession();
    // Cut a torn tail so appended lines start clean.
    std::filesystem::resize_file(path, valid_bytes, ec);
    int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
    if (fd < 0) return absl::InternalError(strCat(path, ": error: cannot append: ", std::strerror(errno)));
    auto journal = std::unique_ptr<Journal>(new Journal(path, fd));
    journal->earlier_seconds_ = earlier;
    RETURN_IF_ERROR(journal->writeLine(nlohmann::json({{"type", "session"}, {"started", wallClockNow()}}).dump() + "\n"));
    return journal;
  }
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) return absl::InternalError(strCat(path, ": error: cannot create: ", std::strerror(errno)));
  auto journal = std::unique_ptr<Journal>(new Journal(path, fd));
  std::string head = nlohmann::json({{"type", "run"}, {"fingerprint", fingerprint}, {"started", wallClockNow()}}).dump() + "\n";
  if (::write(fd, head.data(), head.size()) != static_cast<ssize_t>(head.size()))
    return absl::InternalError(strCat(path, ": error: cannot write: ", std::strerror(errno)));
  return journal;
}

absl::Status Journal::appendBackend(const nlohmann::json& identity) {
  return writeLine(nlohmann::json({{"type", "backend"}, {"identity", identity}}).dump() + "\n");
}

absl::Status Journal::append(const reports::CaseResult& result) {
  return writeLine(nlohmann::json({{"type", "case"}, {"finished", wallClockNow()}, {"result", result.toJson()}}).dump() + "\n");
}

absl::Status Journal::writeLine(const std::string& line) {
  std::lock_guard<std::mutex> lock(mutex_);
  size_t written = 0;
  while (written < line.size()) {
    ssize_t n = ::write(fd_, line.data() + written, line.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return absl::InternalError(strCat(path_, ": error: cannot append: ", std::strerror(errno)));
    written += static_cast<size_t>(n);
  }
  return absl::OkStatus();
}

}  // namespace hloconf
