// The baselines of bench/executor_bench.py, called directly: OpenBLAS cblas_sgemm (row-major, no transposes,
// a loop of calls for a batch) on preallocated arrays, and memcpy of the same bytes as an elementwise chain.
// oneDNN's f32 convolution (NHWC input and output, HWIO weights reordered to the primitive's layout inside
// each run, as the executor does). Prints the minimum wall time of REPS runs in ms.
//   build/bench/sgemm_bench sgemm M N K [BATCH=1] [REPS=10]
//   build/bench/sgemm_bench memcpy BYTES [REPS=10]
//   build/bench/sgemm_bench conv SIZE CHANNELS [REPS=10]   (1xSIZExSIZExCHANNELS * 3x3xCHANNELSxCHANNELS, padding 1)
#include <cblas.h>

#include "oneapi/dnnl/dnnl.hpp"

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
  } else if (what == "conv" && argc >= 4) {
    const dnnl::memory::dim s = std::atoi(argv[2]), c = std::atoi(argv[3]);
    const int reps = argc > 4 ? std::atoi(argv[4]) : 10;
    using tag = dnnl::memory::format_tag;
    using dt = dnnl::memory::data_type;
    dnnl::engine engine(dnnl::engine::kind::cpu, 0);
    dnnl::stream stream(engine);
    const dnnl::memory::desc src_md({1, c, s, s}, dt::f32, tag::nhwc), dst_md({1, c, s, s}, dt::f32, tag::nhwc);
    const dnnl::memory::desc user_weights_md({c, c, 3, 3}, dt::f32, tag::hwio);
    const dnnl::memory::desc any_weights_md({c, c, 3, 3}, dt::f32, tag::any);
    const dnnl::convolution_forward::primitive_desc pd(
        dnnl::convolution_forward::desc(dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_direct, src_md,
                                        any_weights_md, dst_md, {1, 1}, {1, 1}, {1, 1}),
        engine);
    std::vector<float> x(static_cast<size_t>(s * s * c), 0.5f), w(static_cast<size_t>(9 * c * c), 0.5f),
        y(static_cast<size_t>(s * s * c));
    dnnl::memory src(src_md, engine, x.data()), dst(dst_md, engine, y.data()), user_weights(user_weights_md, engine, w.data());
    dnnl::memory weights(pd.weights_desc(), engine);
    const dnnl::convolution_forward conv(pd);
    const dnnl::reorder reorder(user_weights, weights);
    time([&] {
      reorder.execute(stream, user_weights, weights);
      conv.execute(stream, {{DNNL_ARG_SRC, src}, {DNNL_ARG_WEIGHTS, weights}, {DNNL_ARG_DST, dst}});
      stream.wait();
    }, reps);
    std::fprintf(stderr, "oneDNN implementation: %s\n", pd.impl_info_str());
  } else {
    std::fprintf(stderr, "sgemm_bench: unknown '%s'\n", what.c_str());
    return 2;
  }
  std::printf("min %.4g ms\n", best * 1e3);
  return 0;
}
