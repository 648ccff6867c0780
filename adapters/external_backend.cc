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
#include <set>
#include <boost/process.hpp>
#include <boost/process/extend.hpp>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "adapters/backend.h"
#include "adapters/backend_reply.h"
#include "adapters/process_tree.h"
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
// How long a backend may take to exit after `shutdown` before it is killed.
constexpr double kShutdownSeconds = 2;
// How much of the backend's stderr a CRASH/TIMEOUT message quotes.
constexpr size_t kLogTailBytes = 2000;
constexpr size_t kCaseLogBytes = 4000;  // the most of a case's stderr kept in its result
// While waiting for a reply, how often to check whether the process is gone even though its stdout is
// still open (a grandchild may hold it).
constexpr int kLivenessPollMs = 200;

// After this many restarts in a row whose handshake failed, a backend is not started again: every case
// would otherwise wait for a hello that does not come (the handshake timeout) and end the same way.
constexpr int kFailedRestartsInARow = 3;

// Boost.Process 1.74 creates its exec-error pipe without O_CLOEXEC and sets the flag a moment later; a
// process forked from another thread in between would keep that pipe open and block this spawn until it
// exits. Spawns of this file therefore take turns. The lock also guards liveBackends(): a sweep for
// orphans (killOrphans) holds it, so it never sees a backend that was forked but not yet registered.
std::mutex& spawnMutex() {
  static std::mutex mutex;
  return mutex;
}

// The backend processes running now (this process's children that are not orphans), under spawnMutex.
std::set<pid_t>& liveBackends() {
  static std::set<pid_t> pids;
  return pids;
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

// Whether `message` carries the id `id`, as the JSON integer itself (not 17.0, "17" or 2^64 + 17).
bool isReplyTo(const json& message, int64_t id) {
  auto it = message.find("id");
  return it != message.end() && exactInteger(*it, id, id) == id;
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
    if (!dir_.empty()) return ensureFolders();
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

  // The folders can disappear during a long run (a cleaner of /tmp, a backend that removes its work_dir):
  // they are made again before each start and each request, so that losing them costs at most the case
  // it happened in, not every case after it.
  absl::Status ensureFolders() {
    namespace fs = std::filesystem;
    std::error_code ec;
    for (const fs::path& dir : {fs::path(dir_), fs::path(log_path_).parent_path()}) {
      if (fs::is_directory(dir, ec)) continue;
      fs::create_directories(dir, ec);
      if (ec) return absl::InternalError(strCat("cannot create the backend's folder ", dir.string(), ": ", ec.message()));
      logLine("note", strCat("the folder ", dir.string(), " was gone and has been made again"));
    }
    return absl::OkStatus();
  }

  absl::Status spawn() {
    if (spec_.argv.empty()) return absl::InvalidArgumentError(strCat("backend '", spec_.name, "': no command"));
    if (absl::Status folders = ensureFolders(); !folders.ok()) return folders;
    boost::filesystem::path exe = spec_.argv[0];
    if (spec_.argv[0].find('/') == std::string::npos) {
      exe = bp::search_path(spec_.argv[0]);
      if (exe.empty())
        return absl::NotFoundError(strCat("backend '", spec_.name, "': cannot find '", spec_.argv[0], "' on PATH"));
    }
    // O_NOFOLLOW: the log may sit in the backend's own folder, where the backend could have put a symlink.
    int log_fd = ::open(log_path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (log_fd < 0)
      return absl::InternalError(strCat("cannot open ", log_path_, ": ", std::strerror(errno)));
    std::string banner = strCat("=== hloconf: starting backend '", spec_.name, "' (start ", ++starts_, "): ",
                                joinArgv(spec_.argv), "\n");
    (void)!::write(log_fd, banner.data(), banner.size());
    log_start_ = ::lseek(log_fd, 0, SEEK_END);
    ::close(log_fd);
    log_fd = ::open(log_path_.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW);

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
    // set(), not env[key]: Boost.Process 1.74's operator[] goes through find(), which compares "KEY=" with
    // std::equal against each entry and reads past the end of a shorter one (found by ASan).
    for (const auto& [key, value] : spec_.environment) env.set(key, value);
    std::vector<std::string> args(spec_.argv.begin() + 1, spec_.argv.end());
    bp::child child;
    // Helpers the backend starts in a session of their own are re-parented to this process when their
    // parent dies, where killAndReap finds them.
    becomeChildSubreaper();
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
      if (!ec && child.valid()) liveBackends().insert(child.id());
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
    scanned_ = 0;
    exit_status_.reset();
    return absl::OkStatus();
  }

  absl::Status spawnAndHandshake() {
    absl::Status status = spawn();
    if (!status.ok()) return status;
    json hello = {{"type", "hello"}, {"protocol", kProtocolVersion}, {"work_dir", dir_}};
    Deadline deadline = Deadline::after(spec_.handshake_seconds);
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
    absl::StatusOr<BackendInfo> info = parseHello(answer, kProtocolVersion, spec_.name);
    if (!info.ok()) return info.status();
    info_ = std::move(*info);
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

  // Kills the process group (helpers the backend started included), reaps the process, closes pipes;
  // then kills what escaped the group (a helper in a session of its own, re-parented to us when its
  // parent died) and says so in the log.
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
    std::vector<std::string> left_behind;
    {
      std::lock_guard<std::mutex> lock(spawnMutex());
      liveBackends().erase(pid_);
      left_behind = killOrphans(pid_, [](pid_t pid) { return liveBackends().contains(pid); });
    }
    if (!left_behind.empty())
      logLine("killed what the backend left running outside its process group", absl::StrJoin(left_behind, ", "));
    pid_ = -1;
  }

  off_t logSize() const {
    struct stat st {};
    return ::lstat(log_path_.c_str(), &st) == 0 ? st.st_size : 0;
  }
  // The log from offset `from` to its end, at most the last `max_bytes` of that; `cut` says whether the
  // text starts after `from` (so its first line may be partial).
  std::string readLog(off_t from, size_t max_bytes, bool& cut) const {
    cut = false;
    // Not a symlink or FIFO the backend put there: those are never followed or waited on.
    int fd = ::open(log_path_.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
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
    int fd = ::open(log_path_.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
    if (fd < 0) return;
    std::string text = strCat("=== hloconf: ", prefix, ": ", line.substr(0, 1000), "\n");
    (void)!::write(fd, text.data(), text.size());
    ::close(fd);
  }

  // --- reading replies ------------------------------------------------------------------------------

  // The next JSON object on the backend's stdout for which `wanted` is true. Other lines are stray: they
  // go to the log and are skipped. Errors: kUnavailable (EOF or the process is gone),
  // kDeadlineExceeded, or kResourceExhausted for a line too long or too deeply nested to parse
  // (adapters/backend_reply.h): the stream can no longer be trusted, so the caller kills the process.
  template <typename Predicate>
  absl::StatusOr<json> readMessage(const Deadline& deadline, Predicate wanted) {
    while (true) {
      // Only the bytes not looked at yet are searched: a long line arrives in many reads.
      size_t newline = read_buffer_.find('\n', scanned_);
      while (newline != std::string::npos) {
        std::string line = read_buffer_.substr(0, newline);
        read_buffer_.erase(0, newline + 1);
        scanned_ = 0;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        absl::StatusOr<json> message = parseBackendMessage(line);
        if (message.status().code() == absl::StatusCode::kResourceExhausted)
          return absl::ResourceExhaustedError(strCat("the backend wrote ", message.status().message()));
        if (message.ok() && message->is_object() && wanted(*message)) return *std::move(message);
        if (!line.empty()) logLine("stray stdout line (not a reply the harness waits for)", line);
        newline = read_buffer_.find('\n');
      }
      scanned_ = read_buffer_.size();
      if (read_buffer_.size() > kMaxMessageBytes)
        return absl::ResourceExhaustedError(strCat("the backend wrote a line longer than ", kMaxMessageBytes, " bytes"));
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
    crashed = true;
    if (failed_restarts_ >= kFailedRestartsInARow)
      return absl::UnavailableError(strCat("the backend is not restarted any more: its last ", kFailedRestartsInARow,
                                           " restarts failed (", last_restart_error_, ")"));
    absl::Status restarted = spawnAndHandshake();
    if (restarted.ok()) {
      failed_restarts_ = 0;
      crashed = false;
      return restarted;
    }
    ++failed_restarts_;
    last_restart_error_ = std::string(restarted.message().substr(0, 300));
    return absl::UnavailableError(strCat("restarting the backend failed: ", restarted.message()));
  }

  // A reply too long or too deeply nested to parse (kResourceExhausted from readMessage): the process no
  // longer speaks the protocol, so it is killed and started again for the next case; this case is an ERROR.
  std::string brokenMessage(const absl::Status& status) {
    killAndReap();
    return strCat(status.message(), "; the backend was killed and restarts before the next case", logTailForMessage());
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
        return (type == "verify" || type == "result") && isReplyTo(m, id);
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
      if (answer.status().code() == absl::StatusCode::kResourceExhausted) {
        reply.kind = VerifyReply::Kind::kError;
        reply.message = brokenMessage(answer.status());
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
        return stringField(m, "type") == "result" && isReplyTo(m, id);
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
      if (answer.status().code() == absl::StatusCode::kResourceExhausted) {
        reply.kind = Reply::Kind::kError;
        reply.message = brokenMessage(answer.status());
        return reply;
      }
      return crashReply(std::string(answer.status().message()));
    }
    reply = takeResult(request, *answer, files, deadline);
    files.removeAll();
    return reply;
  }

  // A request's files, in a folder of its own that only the harness creates (mkdtemp: a name the backend
  // cannot guess before the request names it). Inputs are created there with O_EXCL | O_NOFOLLOW and
  // outputs read with O_NOFOLLOW, both relative to the folder's descriptor: a symlink or file the backend
  // planted, in the folder or in place of it, is never written or read through.
  struct Files {
    std::string dir;   // absolute; empty until made
    int dir_fd = -1;
    std::vector<std::string> outputs;  // names in `dir`
    Files() = default;
    Files(const Files&) = delete;
    Files& operator=(const Files&) = delete;
    ~Files() { removeAll(); }
    absl::Status make(const std::string& parent, int64_t id) {
      std::string pattern = strCat(parent, "/r", id, "-XXXXXX");
      if (!::mkdtemp(pattern.data()))
        return absl::InternalError(strCat("cannot create a folder in ", parent, ": ", std::strerror(errno)));
      dir = pattern;
      dir_fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      if (dir_fd < 0) return absl::InternalError(strCat("cannot open ", dir, ": ", std::strerror(errno)));
      return absl::OkStatus();
    }
    // Writes `tensor` as a new file `name` in the folder; returns its path.
    absl::StatusOr<std::string> writeInput(const std::string& name, const Tensor& tensor) const {
      const std::string path = strCat(dir, "/", name);
      const int fd = ::openat(dir_fd, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
      if (fd < 0) return absl::InternalError(strCat("cannot create ", path, ": ", std::strerror(errno)));
      const std::string bytes = encodeNpy(tensor);
      size_t done = 0;
      while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += static_cast<size_t>(n);
      }
      const bool closed = ::close(fd) == 0;
      if (done != bytes.size() || !closed) return absl::InternalError(strCat("cannot write ", path, ": ", std::strerror(errno)));
      return path;
    }
    // remove_all does not follow symlinks: whatever the backend left in the folder goes, nothing outside.
    void removeAll() {
      if (dir_fd >= 0) ::close(dir_fd);
      dir_fd = -1;
      std::error_code ec;
      if (!dir.empty()) std::filesystem::remove_all(dir, ec);
      dir.clear();
    }
  };

  absl::Status buildRequest(const Request& request, int64_t id, Files& files, json& message) {
    if (absl::Status folders = ensureFolders(); !folders.ok()) return folders;
    if (absl::Status made = files.make(dir_, id); !made.ok()) return made;
    json inputs = json::array();
    for (size_t i = 0; i < request.inputs.size(); ++i) {
      const Tensor& tensor = request.inputs[i];
      absl::StatusOr<std::string> path = files.writeInput(strCat("r", id, "-in", i, ".npy"), tensor);
      if (!path.ok()) return path.status();
      inputs.push_back({{"path", *path}, {"type", tensor.type().toString()}, {"dtype", npyDescr(tensor.elementType())}});
    }
    // result_types names every output: the results of @main for each process of the grid, process-major
    // (as the runner builds it and the reference backend answers).
    json outputs = json::array();
    for (size_t k = 0; k < request.result_types.size(); ++k) {
      const Type& type = request.result_types[k];
      if (!type.isTensor() || !type.hasStaticShape())
        return absl::InvalidArgumentError(strCat("output ", k, " has type ", type.toString(),
                                                 "; the protocol carries static-shaped tensors only"));
      std::string name = strCat("r", id, "-out", k, ".npy");
      outputs.push_back({{"path", strCat(files.dir, "/", name)}, {"type", type.toString()}, {"dtype", npyDescr(type.elementType())}});
      files.outputs.push_back(std::move(name));
    }
    // The infeed queue (only when the program has one): entry after entry, each its payload tensors.
    json infeed = json::array();
    for (size_t e = 0; e < request.infeed.size(); ++e) {
      json payload = json::array();
      for (size_t k = 0; k < request.infeed[e].size(); ++k) {
        const Tensor& tensor = request.infeed[e][k];
        absl::StatusOr<std::string> path = files.writeInput(strCat("r", id, "-infeed", e, "-", k, ".npy"), tensor);
        if (!path.ok()) return path.status();
        payload.push_back({{"path", *path}, {"type", tensor.type().toString()}, {"dtype", npyDescr(tensor.elementType())}});
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

  Reply takeResult(const Request& request, const json& answer, const Files& files, const Deadline& deadline) {
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
      auto tensor = readOutputNpy(files.dir_fd, files.outputs[k], request.result_types[k],
                                  strCat("output ", k, " (", files.dir, "/", files.outputs[k], ")"), deadline.at);
      if (!tensor.ok()) {
        reply.kind = tensor.status().code() == absl::StatusCode::kDeadlineExceeded ? Reply::Kind::kTimeout : Reply::Kind::kError;
        reply.outputs.clear();
        reply.message = std::string(tensor.status().message());
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
  size_t scanned_ = 0;  // read_buffer_ has no newline before this offset
  int64_t next_id_ = 1;
  int failed_restarts_ = 0;  // restarts in a row whose handshake failed
  std::string last_restart_error_;
  bool started_ = false;
  BackendInfo info_;
};

}  // namespace

std::unique_ptr<Backend> makeExternalBackend(ExternalSpec spec) {
  return std::make_unique<ExternalBackend>(std::move(spec));
}

}  // namespace hloconf::adapters
