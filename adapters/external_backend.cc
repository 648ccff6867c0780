// An external backend: a long-lived process spoken to in JSON lines over its stdin/stdout
// (adapters/PROTOCOL.md), started through Boost.Process. A crash or a hang costs the case it happened
// on; the process is started again, with a new handshake, before the next request.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <optional>
#include <boost/process.hpp>
#include <boost/process/extend.hpp>

#include "absl/strings/str_format.h"
#include "adapters/backend.h"
#include "ir/ir_json.h"
#include "ir/npy.h"
#include "ir/parser.h"
#include "ir/strings.h"

namespace hloconf::adapters {
namespace {

namespace bp = boost::process;
using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

constexpr int kProtocolVersion = 1;
// How long a backend may take to answer the hello (importing a framework can take a while).
constexpr double kHandshakeSeconds = 120;
// How long a backend may take to exit after `shutdown` before it is killed.
constexpr double kShutdownSeconds = 2;
// How much of the backend's stderr a CRASH/TIMEOUT message quotes.
constexpr size_t kLogTailBytes = 2000;
constexpr size_t kCaseLogBytes = 4000;  // the most of a case's stderr kept in its result
// While waiting for a reply, how often to check whether the process is gone even though its stdout is
// still open (a grandchild may hold it).
constexpr int kLivenessPollMs = 200;

// Boost.Process 1.74 creates its exec-error pipe without O_CLOEXEC and sets the flag a moment later; a
// process forked from another thread in between would keep that pipe open and block this spawn until it
// exits. Spawns of this file therefore take turns.
std::mutex& spawnMutex() {
  static std::mutex mutex;
  return mutex;
}

std::atomic<int> backend_counter{0};

// A deadline; `none` waits forever.
struct Deadline {
  std::optional<Clock::time_point> at;
  static Deadline after(double seconds) {
    Deadline d;
    if (seconds > 0)
      d.at = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    return d;
  }
  // Milliseconds left for poll(), capped at `cap`; 0 when passed.
  int pollMs(int cap) const {
    if (!at) return cap;
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*at - Clock::now()).count();
    if (left <= 0) return 0;
    return static_cast<int>(std::min<int64_t>(left + 1, cap));
  }
  bool passed() const { return at && Clock::now() >= *at; }
};

// A string member of a message, or `fallback` when it is absent or not a string (json::value would throw).
std::string stringField(const json& message, const char* key, std::string fallback = "") {
  auto it = message.find(key);
  return it != message.end() && it->is_string() ? it->get<std::string>() : fallback;
}

std::string describeWaitStatus(int status) {
  if (WIFEXITED(status)) return strCat("exited with status ", WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    int sig = WTERMSIG(status);
    const char* name = sigabbrev_np(sig);
    return strCat("was killed by signal ", name ? strCat("SIG", name) : std::string("?"), " (", sig, ")");
  }
  return "stopped";
}

std::string sanitizeForPath(std::string_view name) {
  std::string out;
  for (char c : name)
    out += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.') ? c : '_';
  if (out.empty() || out[0] == '.') out.insert(out.begin(), 'b');
  return out;
}

std::string joinArgv(const std::vector<std::string>& argv) {
  std::string text;
  for (size_t i = 0; i < argv.size(); ++i) strAppend(&text, i ? " " : "", argv[i]);
  return text;
}

// Writes `data` to a non-blocking fd before `deadline`. SIGPIPE is blocked in this thread while writing
// (a backend that died must give EPIPE, not kill the harness) and a SIGPIPE the write raised is consumed.
absl::Status writeAll(int fd, std::string_view data, const Deadline& deadline) {
  sigset_t pipe_set, old_set, pending;
  sigemptyset(&pipe_set);
  sigaddset(&pipe_set, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_set, &old_set);
  sigpending(&pending);
  const bool was_pending = sigismember(&pending, SIGPIPE);
  absl::Status status;
  while (!data.empty()) {
    ssize_t n = ::write(fd, data.data(), data.size());
    if (n > 0) {
      data.remove_prefix(static_cast<size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      if (deadline.passed()) {
        status = absl::DeadlineExceededError("the backend does not read its stdin");
        break;
      }
      pollfd p{fd, POLLOUT, 0};
      ::poll(&p, 1, deadline.pollMs(kLivenessPollMs));
      continue;
    }
    status = absl::UnavailableError(strCat("writing to the backend failed: ", std::strerror(errno)));
    break;
  }
  if (!was_pending) {
    sigpending(&pending);
    if (sigismember(&pending, SIGPIPE)) {
      timespec zero{0, 0};
      sigtimedwait(&pipe_set, nullptr, &zero);
    }
  }
  pthread_sigmask(SIG_SETMASK, &old_set, nullptr);
  return status;
}

class ExternalBackend : public Backend {
 public:
  explicit ExternalBackend(ExternalSpec spec) : spec_(std::move(spec)) {}
  ~ExternalBackend() override { stop(); }

  absl::StatusOr<BackendInfo> start() override {
    if (pid_ > 0) return info_;
    absl::Status status = prepareFolder();
    if (status.ok()) status = spawnAndHandshake();
    if (!status.ok()) return status;
    started_ = true;
    return info_;
  }

  Reply run(const Request& request) override {
    auto started = Clock::now();
    const off_t log_from = logSize();
    Reply reply = runOnce(request);
    reply.seconds = std::chrono::duration<double>(Clock::now() - started).count();
    reply.log = logSince(log_from);
    return reply;
  }

  VerifyReply verify(const Request& request) override {
    auto started = Clock::now();
    const off_t log_from = logSize();
    VerifyReply reply = verifyOnce(request);
    reply.seconds = std::chrono::duration<double>(Clock::now() - started).count();
    reply.log = logSince(log_from);
    return reply;
  }

  void stop() override {
    if (pid_ <= 0) return;
    if (to_child_ >= 0) {
      (void)writeAll(to_child_, "{\"type\":\"shutdown\"}\n", Deadline::after(kShutdownSeconds));
      ::close(to_child_);
      to_child_ = -1;
    }
    // A well-behaved backend exits on `shutdown` (or on EOF): its stdout reaches EOF when it does. Give
    // it a moment, then kill the group (helpers it left behind included).
    Deadline deadline = Deadline::after(kShutdownSeconds);
    char discard[4096];
    while (from_child_ >= 0 && !deadline.passed()) {
      pollfd p{from_child_, POLLIN, 0};
      int ready = ::poll(&p, 1, deadline.pollMs(kLivenessPollMs));
      if (ready < 0 && errno != EINTR) break;
      if (ready > 0 && ::read(from_child_, discard, sizeof discard) <= 0) break;
      if (ready == 0 && hasExited()) break;
    }
    while (!hasExited() && !deadline.passed()) ::usleep(200);
    killAndReap();
  }

 private:
  // --- process management ---------------------------------------------------------------------------

  absl::Status prepareFolder() {
    if (!dir_.empty()) return absl::OkStatus();
    namespace fs = std::filesystem;
    fs::path base = spec_.work_dir.empty() ? fs::temp_directory_path() / strCat("hloconf-", ::getpid())
                                           : fs::path(spec_.work_dir);
    fs::path dir = base / strCat(sanitizeForPath(spec_.name.empty() ? "backend" : spec_.name), "-", ::getpid(), "-",
                                 backend_counter.fetch_add(1));
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return absl::InternalError(strCat("cannot create the backend's folder ", dir.string(), ": ", ec.message()));
    dir_ = fs::absolute(dir, ec).string();
    // The log goes to log_dir when the run keeps its logs (CRASH messages point at it), else beside the files.
    log_path_ = dir_ + "/backend.log";
    if (!spec_.log_dir.empty()) {
      fs::create_directories(spec_.log_dir, ec);
      if (!ec) log_path_ = (fs::absolute(fs::path(spec_.log_dir), ec) / strCat(dir.filename().string(), ".log")).string();
    }
    return absl::OkStatus();
  }

  absl::Status spawn() {
    if (spec_.argv.empty()) return absl::InvalidArgumentError(strCat("backend '", spec_.name, "': no command"));
    boost::filesystem::path exe = spec_.argv[0];
    if (spec_.argv[0].find('/') == std::string::npos) {
      exe = bp::search_path(spec_.argv[0]);
      if (exe.empty())
        return absl::NotFoundError(strCat("backend '", spec_.name, "': cannot find '", spec_.argv[0], "' on PATH"));
    }
    int log_fd = ::open(log_path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (log_fd < 0)
      return absl::InternalError(strCat("cannot open ", log_path_, ": ", std::strerror(errno)));
    std::string banner = strCat("=== hloconf: starting backend '", spec_.name, "' (start ", ++starts_, "): ",
                                joinArgv(spec_.argv), "\n");
    (void)!::write(log_fd, banner.data(), banner.size());
    log_start_ = ::lseek(log_fd, 0, SEEK_END);
    ::close(log_fd);
    log_fd = ::open(log_path_.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);

    int in_fds[2], out_fds[2];
    if (::pipe2(in_fds, O_CLOEXEC) != 0) {
      ::close(log_fd);
      return absl::InternalError(strCat("pipe2: ", std::strerror(errno)));
    }
    if (::pipe2(out_fds, O_CLOEXEC) != 0) {
      ::close(log_fd);
      ::close(in_fds[0]);
      ::close(in_fds[1]);
      return absl::InternalError(strCat("pipe2: ", std::strerror(errno)));
    }
    bp::pipe child_stdin(in_fds[0], in_fds[1]);     // the child reads in_fds[0]
    bp::pipe child_stdout(out_fds[0], out_fds[1]);  // the child writes out_fds[1]

    const pid_t parent = ::getpid();
    auto child_setup = [log_fd, parent](auto& exec) {
      // In the child, between fork and exec: only async-signal-safe calls.
      if (log_fd >= 0) ::dup2(log_fd, STDERR_FILENO);
      ::setpgid(0, 0);                         // its own group, so a kill reaches its helpers too
      // It dies with the harness. (Linux ties this to the forking thread: a backend dies with the worker
      // thread that (re)started it, which is the lifetime a per-thread Backend has anyway.)
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (::getppid() != parent) ::_exit(127);  // the harness died before prctl
    };

    std::error_code ec;
    bp::environment env = boost::this_process::environment();
    for (const auto& [key, value] : spec_.environment) env[key] = value;
    std::vector<std::string> args(spec_.argv.begin() + 1, spec_.argv.end());
    bp::child child;
    {
      std::lock_guard<std::mutex> lock(spawnMutex());
      try {
        if (spec_.working_directory.empty()) {
          child = bp::child(exe, bp::args(args), env, bp::std_in < child_stdin, bp::std_out > child_stdout,
                            bp::extend::on_exec_setup = child_setup, ec);
        } else {
          child = bp::child(exe, bp::args(args), env, bp::std_in < child_stdin, bp::std_out > child_stdout,
                            bp::start_dir = spec_.working_directory, bp::extend::on_exec_setup = child_setup, ec);
        }
      } catch (const std::exception& e) {  // Boost.Process throws on some setup failures despite `ec`
        if (log_fd >= 0) ::close(log_fd);
        return absl::InternalError(strCat("backend '", spec_.name, "': cannot start ", joinArgv(spec_.argv), ": ", e.what()));
      }
    }
    if (log_fd >= 0) ::close(log_fd);
    if (ec || !child.valid())
      return absl::InternalError(
          strCat("backend '", spec_.name, "': cannot start ", joinArgv(spec_.argv), ": ", ec.message()));
    pid_ = child.id();
    child.detach();  // reaped here (waitpid), so the exit status with its signal is ours to read
    to_child_ = child_stdin.native_sink();
    child_stdin.assign_sink(-1);
    from_child_ = child_stdout.native_source();
    child_stdout.assign_source(-1);
    ::fcntl(to_child_, F_SETFL, ::fcntl(to_child_, F_GETFL) | O_NONBLOCK);
    read_buffer_.clear();
    exit_status_.reset();
    return absl::OkStatus();
  }

  absl::Status spawnAndHandshake() {
    absl::Status status = spawn();
    if (!status.ok()) return status;
    json hello = {{"type", "hello"}, {"protocol", kProtocolVersion}, {"work_dir", dir_}};
    Deadline deadline = Deadline::after(kHandshakeSeconds);
    status = writeAll(to_child_, hello.dump(-1, ' ', false, json::error_handler_t::replace) + "\n", deadline);
    json answer;
    if (status.ok()) {
      auto got = readMessage(deadline, [](const json& m) { return stringField(m, "type") == "hello"; });
      if (got.ok()) {
        answer = std::move(*got);
      } else {
        status = got.status();
      }
    }
    if (status.ok()) status = takeHello(answer);
    if (!status.ok()) {
      if (status.code() == absl::StatusCode::kUnavailable) {
        // It closed its stdout: let it finish exiting, so the message can say how it ended.
        Deadline grace = Deadline::after(1.0);
        while (!hasExited() && !grace.passed()) ::usleep(1000);
      }
      const bool exited = hasExited();
      killAndReap();
      std::string what = std::string(status.message());
      if (exited) what = strCat("the backend ", describeWaitStatus(*exit_status_));
      return absl::FailedPreconditionError(strCat("backend '", spec_.name, "' (", joinArgv(spec_.argv),
                                                  ") failed its handshake: ", what, logTailForMessage()));
    }
    return absl::OkStatus();
  }

  absl::Status takeHello(const json& answer) {
    if (!answer.contains("protocol") || !answer["protocol"].is_number_integer())
      return absl::InvalidArgumentError("its hello has no \"protocol\" number");
    int protocol = answer["protocol"].get<int>();
    if (protocol != kProtocolVersion)
      return absl::InvalidArgumentError(
          strCat("it speaks protocol ", protocol, "; this harness speaks protocol ", kProtocolVersion));
    BackendInfo info;
    info.name = stringField(answer, "name", spec_.name);
    if (answer.contains("version")) {
      const json& version = answer["version"];
      info.version = version.is_string() ? version.get<std::string>() : version.dump();
    }
    if (answer.contains("capabilities") && answer["capabilities"].is_object()) {
      const json& caps = answer["capabilities"];
      // "verify": true: it answers verify requests (anything else, or absent: it does not).
      info.capabilities.verify = caps.contains("verify") && caps["verify"].is_boolean() && caps["verify"].get<bool>();
      for (const char* key : {"ops", "element_types"}) {
        if (!caps.contains(key) || caps[key].is_null()) continue;
        if (!caps[key].is_array()) return absl::InvalidArgumentError(strCat("capabilities.", key, " is not a list"));
        auto& list = std::string_view(key) == "ops" ? info.capabilities.ops : info.capabilities.element_types;
        for (const json& entry : caps[key]) {
          if (!entry.is_string())
            return absl::InvalidArgumentError(strCat("capabilities.", key, " has an entry that is not a string"));
          list.push_back(entry.get<std::string>());
        }
      }
    }
    info_ = std::move(info);
    return absl::OkStatus();
  }

  // Whether the process has exited (without reaping it, so its pid, which is also its process group's
  // id, stays reserved until killAndReap).
  bool hasExited() {
    if (pid_ <= 0) return true;
    siginfo_t info{};
    if (::waitid(P_PID, pid_, &info, WEXITED | WNOHANG | WNOWAIT) != 0) return true;
    return info.si_pid == pid_;
  }

  // Kills the process group (helpers the backend started included), reaps the process, closes pipes.
  void killAndReap() {
    if (to_child_ >= 0) ::close(to_child_);
    if (from_child_ >= 0) ::close(from_child_);
    to_child_ = from_child_ = -1;
    if (pid_ <= 0) return;
    ::kill(-pid_, SIGKILL);
    ::kill(pid_, SIGKILL);
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    exit_status_ = status;
    pid_ = -1;
  }

  off_t logSize() const {
    struct stat st {};
    return ::stat(log_path_.c_str(), &st) == 0 ? st.st_size : 0;
  }
  // The log from offset `from` to its end, at most the last `max_bytes` of that; `cut` says whether the
  // text starts after `from` (so its first line may be partial).
  std::string readLog(off_t from, size_t max_bytes, bool& cut) const {
    cut = false;
    int fd = ::open(log_path_.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return "";
    const off_t end = ::lseek(fd, 0, SEEK_END);
    const off_t begin = std::max<off_t>(from, end - static_cast<off_t>(max_bytes));
    std::string text;
    if (end > begin) {
      text.resize(static_cast<size_t>(end - begin));
      const ssize_t n = ::pread(fd, text.data(), text.size(), begin);
      text.resize(n > 0 ? static_cast<size_t>(n) : 0);
      cut = begin > from;
    }
    ::close(fd);
    return text;
  }
  static void trimEnd(std::string& text) {
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  }

  // What the log got since offset `from` (this case's stderr, the harness's own "===" lines left out), at
  // most kCaseLogBytes (its end).
  std::string logSince(off_t from) const {
    bool cut = false;
    const std::string text = readLog(from, kCaseLogBytes, cut);
    std::string kept;
    size_t at = 0;
    while (at < text.size()) {
      size_t newline = text.find('\n', at);
      if (newline == std::string::npos) newline = text.size();
      const std::string_view line(text.data() + at, newline - at);
      if (line.rfind("=== hloconf: ", 0) != 0) kept.append(line).push_back('\n');
      at = newline + 1;
    }
    trimEnd(kept);
    return kept;
  }

  // The backend's stderr since it was last started (the end of it), for CRASH/TIMEOUT messages.
  std::string logTail() const {
    bool cut = false;
    std::string text = readLog(log_start_, kLogTailBytes, cut);
    if (cut) {  // from mid-line: start at the next whole line
      size_t newline = text.find('\n');
      if (newline != std::string::npos) text.erase(0, newline + 1);
    }
    trimEnd(text);
    return text;
  }

  std::string logTailForMessage() const {
    std::string tail = logTail();
    if (tail.empty()) return strCat(" (stderr: empty; log ", log_path_, ")");
    return strCat("\n--- backend stderr (end of ", log_path_, ") ---\n", tail);
  }

  void logLine(std::string_view prefix, std::string_view line) {
    int fd = ::open(log_path_.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
    if (fd < 0) return;
    std::string text = strCat("=== hloconf: ", prefix, ": ", line.substr(0, 1000), "\n");
    (void)!::write(fd, text.data(), text.size());
    ::close(fd);
  }

  // --- reading replies ------------------------------------------------------------------------------

  // The next JSON object on the backend's stdout for which `wanted` is true. Other lines are stray: they
  // go to the log and are skipped. Errors: kUnavailable (EOF or the process is gone) or
  // kDeadlineExceeded.
  template <typename Predicate>
  absl::StatusOr<json> readMessage(const Deadline& deadline, Predicate wanted) {
    while (true) {
      size_t newline = read_buffer_.find('\n');
      while (newline != std::string::npos) {
        std::string line = read_buffer_.substr(0, newline);
        read_buffer_.erase(0, newline + 1);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        json message = json::parse(line, nullptr, /*allow_exceptions=*/false);
        if (message.is_object() && wanted(message)) return message;
        if (!line.empty()) logLine("stray stdout line (not a reply the harness waits for)", line);
        newline = read_buffer_.find('\n');
      }
      if (deadline.passed()) return absl::DeadlineExceededError("no reply in time");
      pollfd p{from_child_, POLLIN, 0};
      int ready = ::poll(&p, 1, deadline.pollMs(kLivenessPollMs));
      if (ready < 0 && errno == EINTR) continue;
      if (ready == 0) {
        if (hasExited()) return absl::UnavailableError("the backend exited");
        continue;
      }
      char buffer[65536];
      ssize_t n = ::read(from_child_, buffer, sizeof buffer);
      if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
      if (n <= 0) return absl::UnavailableError("the backend closed its stdout");
      read_buffer_.append(buffer, static_cast<size_t>(n));
    }
  }

  // --- one request ----------------------------------------------------------------------------------

  Reply crashReply(std::string_view what) {
    // The process closed its stdout or exited: give it a moment to finish dying, so the status is real.
    Deadline grace = Deadline::after(1.0);
    while (!hasExited() && !grace.passed()) ::usleep(1000);
    bool exited = hasExited();
    killAndReap();
    Reply reply;
    reply.kind = Reply::Kind::kCrash;
    reply.message = exited ? strCat("the backend ", describeWaitStatus(*exit_status_))
                           : strCat("the backend ", what, " (killed; it restarts before the next case)");
    reply.message += logTailForMessage();
    return reply;
  }

  // Before a request: starts the process the first time, or again after a crash or timeout. On failure,
  // `crashed` says which it was (a failed restart counts as a CRASH, a failed first start as an ERROR).
  absl::Status ensureRunning(bool& crashed) {
    crashed = false;
    if (pid_ > 0) return absl::OkStatus();
    if (!started_) return start().status();
    absl::Status restarted = spawnAndHandshake();
    if (restarted.ok()) return restarted;
    crashed = true;
    return absl::UnavailableError(strCat("restarting the backend failed: ", restarted.message()));
  }

  // A verify request (adapters/PROTOCOL.md, "Verify a program"), sent only to a backend whose handshake
  // declares capabilities.verify: an old backend never sees a message it does not know.
  VerifyReply verifyOnce(const Request& request) {
    VerifyReply reply;
    bool crashed = false;
    if (absl::Status running = ensureRunning(crashed); !running.ok()) {
      reply.kind = crashed ? VerifyReply::Kind::kCrash : VerifyReply::Kind::kError;
      reply.message = std::string(running.message());
      return reply;
    }
    if (!info_.capabilities.verify) {
      reply.kind = VerifyReply::Kind::kNotAsked;
      reply.message = "its handshake does not declare capabilities.verify";
      return reply;
    }
    const int64_t id = next_id_++;
    json message = {{"type", "verify"},
                    {"id", id},
                    {"case_id", request.case_id},
                    {"mlir", request.mlir},
                    {"ir", request.ir.is_null() ? irFor(request) : request.ir},
                    {"timeout_seconds", request.timeout_seconds}};
    Deadline deadline = Deadline::after(request.timeout_seconds);
    absl::Status status = writeAll(to_child_, message.dump(-1, ' ', false, json::error_handler_t::replace) + "\n", deadline);
    absl::StatusOr<json> answer = json();
    if (!status.ok()) {
      answer = status;
    } else {
      // The verify answer, or a `result` with the same id (a backend that answers every message it does
      // not handle with an error or unsupported result).
      answer = readMessage(deadline, [id](const json& m) {
        const std::string type = stringField(m, "type");
        return (type == "verify" || type == "result") && m.contains("id") && m["id"].is_number_integer() &&
               m["id"].get<int64_t>() == id;
      });
    }
    if (!answer.ok()) {
      if (answer.status().code() == absl::StatusCode::kDeadlineExceeded) {
        killAndReap();
        reply.kind = VerifyReply::Kind::kTimeout;
        reply.message = strCat("no verify answer within ", absl::StrFormat("%g", request.timeout_seconds),
                               " s; the backend was killed and restarts before the next case", logTailForMessage());
        return reply;
      }
      Reply crash = crashReply(std::string(answer.status().message()));
      reply.kind = VerifyReply::Kind::kCrash;
      reply.message = std::move(crash.message);
      return reply;
    }
    return takeVerifyAnswer(*answer);
  }

  static VerifyReply takeVerifyAnswer(const json& answer) {
    VerifyReply reply;
    auto text = [&](const char* key) {
      if (answer.contains(key) && answer[key].is_string()) return answer[key].get<std::string>();
      return answer.contains(key) && !answer[key].is_null() ? answer[key].dump() : std::string();
    };
    const std::string result = text(stringField(answer, "type") == "verify" ? "result" : "status");
    const std::string why = text("message").empty() ? text("reason") : text("message");
    reply.message = why;
    if (result == "accepted") {
      reply.kind = VerifyReply::Kind::kAccepted;
    } else if (result == "rejected") {
      reply.kind = VerifyReply::Kind::kRejected;
      if (reply.message.empty()) reply.message = "(no reason given)";
    } else if (result == "unsupported") {
      reply.kind = VerifyReply::Kind::kNotAsked;
      reply.message = strCat("the backend answered that it does not verify programs", why.empty() ? "" : ": ", why);
    } else if (result == "timeout") {
      reply.kind = VerifyReply::Kind::kTimeout;
      reply.message = strCat("the backend gave up: ", why.empty() ? "(no message given)" : why);
    } else if (result == "error") {
      reply.kind = VerifyReply::Kind::kError;
      if (reply.message.empty()) reply.message = "(no message given)";
    } else {
      reply.kind = VerifyReply::Kind::kError;
      reply.message = strCat("the backend answered a verify request with an unknown result: ", answer.dump());
    }
    return reply;
  }

  Reply runOnce(const Request& request) {
    Reply reply;
    bool crashed = false;
    if (absl::Status running = ensureRunning(crashed); !running.ok()) {
      reply.kind = crashed ? Reply::Kind::kCrash : Reply::Kind::kError;
      reply.message = std::string(running.message());
      return reply;
    }
    const int64_t id = next_id_++;
    Files files;
    json message;
    absl::Status status = buildRequest(request, id, files, message);
    if (!status.ok()) {
      files.removeAll();
      reply.kind = Reply::Kind::kError;
      reply.message = std::string(status.message());
      return reply;
    }
    Deadline deadline = Deadline::after(request.timeout_seconds);
    status = writeAll(to_child_, message.dump(-1, ' ', false, json::error_handler_t::replace) + "\n", deadline);
    absl::StatusOr<json> answer = json();
    if (!status.ok()) {
      answer = status;
    } else {
      answer = readMessage(deadline, [id](const json& m) {
        return stringField(m, "type") == "result" && m.contains("id") && m["id"].is_number_integer() &&
               m["id"].get<int64_t>() == id;
      });
    }
    if (!answer.ok()) {
      files.removeAll();
      if (answer.status().code() == absl::StatusCode::kDeadlineExceeded) {
        killAndReap();
        reply.kind = Reply::Kind::kTimeout;
        reply.message = strCat("no reply within ", absl::StrFormat("%g", request.timeout_seconds),
                               " s; the backend was killed and restarts before the next case", logTailForMessage());
        return reply;
      }
      return crashReply(std::string(answer.status().message()));
    }
    reply = takeResult(request, *answer, files);
    files.removeAll();
    return reply;
  }

  struct Files {
    std::vector<std::string> inputs;
    std::vector<std::string> outputs;
    void removeAll() const {
      for (const auto* list : {&inputs, &outputs})
        for (const std::string& path : *list) ::unlink(path.c_str());
    }
  };

  absl::Status buildRequest(const Request& request, int64_t id, Files& files, json& message) {
    json inputs = json::array();
    for (size_t i = 0; i < request.inputs.size(); ++i) {
      const Tensor& tensor = request.inputs[i];
      std::string path = strCat(dir_, "/r", id, "-in", i, ".npy");
      files.inputs.push_back(path);
      absl::Status written = writeNpyFile(path, tensor);
      if (!written.ok()) return written;
      inputs.push_back({{"path", path}, {"type", tensor.type().toString()}, {"dtype", npyDescr(tensor.elementType())}});
    }
    // result_types names every output: the results of @main for each process of the grid, process-major
    // (as the runner builds it and the reference backend answers).
    json outputs = json::array();
    for (size_t k = 0; k < request.result_types.size(); ++k) {
      const Type& type = request.result_types[k];
      if (!type.isTensor() || !type.hasStaticShape())
        return absl::InvalidArgumentError(strCat("output ", k, " has type ", type.toString(),
                                                 "; the protocol carries static-shaped tensors only"));
      std::string path = strCat(dir_, "/r", id, "-out", k, ".npy");
      ::unlink(path.c_str());
      files.outputs.push_back(path);
      outputs.push_back({{"path", path}, {"type", type.toString()}, {"dtype", npyDescr(type.elementType())}});
    }
    // The infeed queue (only when the program has one): entry after entry, each its payload tensors.
    json infeed = json::array();
    for (size_t e = 0; e < request.infeed.size(); ++e) {
      json payload = json::array();
      for (size_t k = 0; k < request.infeed[e].size(); ++k) {
        const Tensor& tensor = request.infeed[e][k];
        std::string path = strCat(dir_, "/r", id, "-infeed", e, "-", k, ".npy");
        files.inputs.push_back(path);
        absl::Status written = writeNpyFile(path, tensor);
        if (!written.ok()) return written;
        payload.push_back({{"path", path}, {"type", tensor.type().toString()}, {"dtype", npyDescr(tensor.elementType())}});
      }
      infeed.push_back(std::move(payload));
    }
    message = {{"type", "run"},
               {"id", id},
               {"case_id", request.case_id},
               {"mlir", request.mlir},
               {"ir", request.ir.is_null() ? irFor(request) : request.ir},
               {"inputs", std::move(inputs)},
               {"outputs", std::move(outputs)},
               {"num_replicas", std::max<uint32_t>(1, request.num_replicas)},
               {"num_partitions", std::max<uint32_t>(1, request.num_partitions)},
               {"timeout_seconds", request.timeout_seconds}};
    if (!request.infeed.empty()) message["infeed"] = std::move(infeed);
    return absl::OkStatus();
  }

  Reply takeResult(const Request& request, const json& answer, const Files& files) {
    Reply reply;
    auto text = [&](const char* key, std::string_view fallback) {
      if (answer.contains(key) && answer[key].is_string()) return answer[key].get<std::string>();
      if (answer.contains(key)) return answer[key].dump();
      return std::string(fallback);
    };
    const std::string status = answer.contains("status") && answer["status"].is_string()
                                   ? answer["status"].get<std::string>() : std::string();
    if (status == "unsupported") {
      reply.kind = Reply::Kind::kUnsupported;
      reply.message = text("reason", "(no reason given)");
      return reply;
    }
    if (status == "error") {
      reply.kind = Reply::Kind::kError;
      reply.message = text("message", "(no message given)");
      return reply;
    }
    if (status == "timeout") {
      reply.kind = Reply::Kind::kTimeout;
      reply.message = strCat("the backend gave up: ", text("message", "(no message given)"));
      return reply;
    }
    if (status != "ok") {
      reply.kind = Reply::Kind::kError;
      reply.message = strCat("the backend answered with an unknown status: ", answer.dump());
      return reply;
    }
    for (size_t k = 0; k < files.outputs.size(); ++k) {
      const std::string& path = files.outputs[k];
      auto tensor = readNpyFile(path, request.result_types[k]);
      if (!tensor.ok()) {
        reply.kind = Reply::Kind::kError;
        reply.outputs.clear();
        reply.message = strCat("output ", k, ": ", tensor.status().message());
        return reply;
      }
      reply.outputs.push_back(std::move(*tensor));
    }
    reply.kind = Reply::Kind::kOutputs;
    return reply;
  }

  // The IR JSON of a request whose runner left it out (null when the text does not parse: the backend
  // still has the MLIR). The last one is kept: a sweep sends the same program many times.
  const json& irFor(const Request& request) {
    if (request.mlir != last_mlir_) {
      last_mlir_ = request.mlir;
      auto module = parseModule(request.mlir, request.case_id);
      last_ir_ = module.ok() ? moduleToJson(*module) : json(nullptr);
    }
    return last_ir_;
  }

  ExternalSpec spec_;
  std::string last_mlir_;
  json last_ir_;
  std::string dir_;
  std::string log_path_;
  off_t log_start_ = 0;
  int starts_ = 0;
  pid_t pid_ = -1;
  int to_child_ = -1;
  int from_child_ = -1;
  std::optional<int> exit_status_;
  std::string read_buffer_;
  int64_t next_id_ = 1;
  bool started_ = false;
  BackendInfo info_;
};

}  // namespace

std::unique_ptr<Backend> makeExternalBackend(ExternalSpec spec) {
  return std::make_unique<ExternalBackend>(std::move(spec));
}

}  // namespace hloconf::adapters
