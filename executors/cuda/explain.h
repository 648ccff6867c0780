// HLOCONF_CUDA_EXPLAIN=1 (read once): the cuda executor says on stderr why it passed over a faster path for
// a step (cuDNN, a generated kernel, a CUDA graph). The benchmarks set it and print what it says.
#ifndef HLOCONF_EXECUTORS_CUDA_EXPLAIN_H_
#define HLOCONF_EXECUTORS_CUDA_EXPLAIN_H_

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace hloconf::cuda {

inline void explain(const std::string& why) {
  static const bool on = [] {
    const char* v = std::getenv("HLOCONF_CUDA_EXPLAIN");
    return v && std::strcmp(v, "1") == 0;
  }();
  if (on) std::fprintf(stderr, "hloconf cuda: %s\n", why.c_str());
}

}  // namespace hloconf::cuda

#endif  // HLOCONF_EXECUTORS_CUDA_EXPLAIN_H_
