// What a backend leaves behind: the processes it started that left its process group (setsid, a double
// fork) and so escape a kill of the group. hloconf is a child subreaper while it runs backends, so such a
// process is re-parented to hloconf when its parent dies, and can be found and killed here.
#ifndef HLOCONF_ADAPTERS_PROCESS_TREE_H_
#define HLOCONF_ADAPTERS_PROCESS_TREE_H_

#include <sys/types.h>

#include <functional>
#include <string>
#include <vector>

namespace hloconf::adapters {

// Makes this process the child subreaper of its descendants (PR_SET_CHILD_SUBREAPER), once. Idempotent.
void becomeChildSubreaper();

// Kills and reaps every child of this process that `ours` does not claim: the orphans re-parented here
// when a backend (already killed with its group `group` and reaped by the caller) or one of its helpers
// died. Repeats while new orphans arrive (each killed process hands its own children to us), a bounded
// number of times. Returns "pid (name)" for each process that was still running outside `group`, which a
// kill of the group had missed: what the backend left behind.
std::vector<std::string> killOrphans(pid_t group, const std::function<bool(pid_t)>& ours);

}  // namespace hloconf::adapters

#endif  // HLOCONF_ADAPTERS_PROCESS_TREE_H_
