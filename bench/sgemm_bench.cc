// The baselines of bench/executor_bench.py, called directly: OpenBLAS cblas_sgemm (row-major, no transposes,
// a loop of calls for a batch) on preallocated arrays, and memcpy of the same bytes as an elementwise chain.
// Prints the minimum wall time of REPS runs in ms.
//   build/bench/sgemm_bench sgemm M N K [BATCH=1] [REPS=10]
//   build/bench/sgemm_bench memcpy BYTES [REPS=10]
#include <cblas.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: sgemm_bench sgemm M N K [BATCH] [REPS] | memcpy BYTES [REPS]\n");
    return 2;
  }
  const std::string what = argv[1];
  double best = 1e30;
  const auto time = [&](auto&& f, int reps) {
    for (int r = 0; r < reps; ++r) {
      const auto start = std::chrono::steady_clock::now();
      f();
      best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
  };
  if (what == "sgemm" && argc >= 5) {
    const int m = std::atoi(argv[2]), n = std::atoi(argv[3]), k = std::atoi(argv[4]);
    const int batch = argc > 5 ? std::atoi(argv[5]) : 1, reps = argc > 6 ? std::atoi(argv[6]) : 10;
    std::vector<float> a(static_cast<size_t>(batch) * m * k, 0.5f), b(static_cast<size_t>(batch) * k * n, 0.5f),
        c(static_cast<size_t>(batch) * m * n);
    time([&] {
      for (int i = 0; i < batch; ++i)
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f, a.data() + static_cast<size_t>(i) * m * k, k,
                    b.data() + static_cast<size_t>(i) * k * n, n, 0.0f, c.data() + static_cast<size_t>(i) * m * n, n);
    }, reps);
  } else if (what == "memcpy") {
    const size_t bytes = std::strtoull(argv[2], nullptr, 10);
    const int reps = argc > 3 ? std::atoi(argv[3]) : 10;
    std::vector<char> from(bytes, 1), to(bytes);
    time([&] { std::memcpy(to.data(), from.data(), bytes); }, reps);
  } else {
    std::fprintf(stderr, "sgemm_bench: unknown '%s'\n", what.c_str());
    return 2;
  }
  std::printf("min %.4g ms\n", best * 1e3);
  return 0;
}
