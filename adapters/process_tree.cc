// Finding and killing what a backend left behind (adapters/process_tree.h), through /proc.
#include "adapters/process_tree.h"

#include <dirent.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <fstream>
#include <mutex>
#include <sstream>

#include "ir/strings.h"

namespace hloconf::adapters {
namespace {

struct ProcessEntry {
  pid_t pid = 0, ppid = 0, pgid = 0;
  char state = '?';
  std::string name;
};

// /proc/PID/stat is "pid (comm) state ppid pgrp ...", where comm may hold spaces and parentheses: the
// fields after it start after the last ')'.
bool readStat(pid_t pid, ProcessEntry& entry) {
  std::ifstream in(strCat("/proc/", pid, "/stat"));
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const size_t open = text.find('('), close = text.rfind(')');
  if (open == std::string::npos || close == std::string::npos || close < open) return false;
  std::istringstream rest(text.substr(close + 1));
  entry.pid = pid;
  entry.name = text.substr(open + 1, close - open - 1);
  return static_cast<bool>(rest >> entry.state >> entry.ppid >> entry.pgid);
}

// This process's children, as /proc shows them now.
std::vector<ProcessEntry> childrenOfThisProcess() {
  std::vector<ProcessEntry> children;
  const pid_t self = ::getpid();
  DIR* proc = ::opendir("/proc");
  if (!proc) return children;
  while (const dirent* e = ::readdir(proc)) {
    pid_t pid = 0;
    const char* end = e->d_name + std::char_traits<char>::length(e->d_name);
    if (std::from_chars(e->d_name, end, pid).ptr != end || pid <= 0) continue;
    ProcessEntry entry;
    if (readStat(pid, entry) && entry.ppid == self) children.push_back(std::move(entry));
  }
  ::closedir(proc);
  return children;
}

}  // namespace

void becomeChildSubreaper() {
  static std::once_flag once;
  std::call_once(once, [] { ::prctl(PR_SET_CHILD_SUBREAPER, 1); });
}

std::vector<std::string> killOrphans(pid_t group, const std::function<bool(pid_t)>& ours) {
  std::vector<std::string> left_behind;
  // A process that forks as fast as it is killed would keep this going: the rounds are bounded.
  constexpr int kRounds = 100;
  for (int round = 0; round < kRounds; ++round) {
    std::vector<ProcessEntry> orphans;
    for (ProcessEntry& child : childrenOfThisProcess())
      if (!ours(child.pid)) orphans.push_back(std::move(child));
    if (orphans.empty()) break;
    for (const ProcessEntry& orphan : orphans) {
      if (orphan.state != 'Z' && orphan.pgid != group) left_behind.push_back(strCat(orphan.pid, " (", orphan.name, ")"));
      ::kill(orphan.pid, SIGKILL);
    }
    for (const ProcessEntry& orphan : orphans) {
      int status = 0;
      while (::waitpid(orphan.pid, &status, 0) < 0 && errno == EINTR) {
      }
    }
  }
  return left_behind;
}

}  // namespace hloconf::adapters
