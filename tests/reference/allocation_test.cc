// No allocation per element: the Ziv loop takes its step without a std::function and
// rounds into per-thread scratch values, and the elementwise helpers decode into scratch values, so
// after a first element has warmed the pools, further elements allocate nothing on the heap.
//
// Allocations are counted where they happen: GMP's memory functions (MPFR and MPC allocate through them)
// and the global operator new of this test binary (std::function's captures, vectors). A reallocation to
// the size a block already has is not counted: mpfr_get_z_2exp, which the encoder (ir/element_type.cc)
// calls once per element, always asks GMP to resize its integer, and the C library answers a request
// for the same size with the same block.
#include <gmp.h>
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include "ir/strings.h"
#include "reference/numerics.h"
#include "reference/parallel.h"
#include "tests/reference/eval_test_util.h"

namespace {

std::atomic<bool> counting{false};
std::atomic<int64_t> new_calls{0};
std::atomic<int64_t> gmp_calls{0};

}  // namespace

// Replacements of the global allocation functions (for the whole binary); they count only while a
// test's AllocationCounter is alive. GCC, seeing the replacement operator delete call free() on what
// operator new returned once both are inlined, warns of a mismatch: here new is malloc, so they match.
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void* operator new(size_t size) {
  if (counting.load(std::memory_order_relaxed)) new_calls.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }
// The array forms too: otherwise new[] is the runtime's (ASan's own, under the sanitizers) and the delete[]
// that pairs with it falls through to the free() above.
void* operator new[](size_t size) { return operator new(size); }
// And the nothrow forms (std::stable_sort's temporary buffer uses them).
void* operator new(size_t size, const std::nothrow_t&) noexcept {
  if (counting.load(std::memory_order_relaxed)) new_calls.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(size == 0 ? 1 : size);
}
void* operator new[](size_t size, const std::nothrow_t& tag) noexcept { return operator new(size, tag); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete[](void* p, size_t) noexcept { std::free(p); }

namespace hloconf::ref {
namespace {

void* (*gmp_allocate)(size_t) = nullptr;
void* (*gmp_reallocate)(void*, size_t, size_t) = nullptr;
void (*gmp_free)(void*, size_t) = nullptr;

void* countingAllocate(size_t size) {
  if (counting.load(std::memory_order_relaxed)) gmp_calls.fetch_add(1, std::memory_order_relaxed);
  return gmp_allocate(size);
}
void* countingReallocate(void* p, size_t old_size, size_t new_size) {
  if (counting.load(std::memory_order_relaxed) && new_size != old_size) gmp_calls.fetch_add(1, std::memory_order_relaxed);
  return gmp_reallocate(p, old_size, new_size);
}

// Counts heap allocations (operator new, GMP's allocate, and its reallocate to another size) while alive. The counting
// functions hand every call on to GMP's own, so blocks allocated before or after free correctly.
class AllocationCounter {
 public:
  AllocationCounter() {
    mp_get_memory_functions(&gmp_allocate, &gmp_reallocate, &gmp_free);
    mp_set_memory_functions(countingAllocate, countingReallocate, gmp_free);
    new_calls = 0;
    gmp_calls = 0;
    counting = true;
  }
  ~AllocationCounter() {
    counting = false;
    mp_set_memory_functions(gmp_allocate, gmp_reallocate, gmp_free);
  }
  int64_t newCalls() const { return new_calls; }
  int64_t gmpCalls() const { return gmp_calls; }
};

TEST(Allocation, RoundCorrectlyAllocatesNothingPerCall) {
  initNumerics();
  ScratchFloat x(64), y(64), z(64), w(64);
  mpfr_set_d(x, 1.25, MPFR_RNDN);
  mpfr_set_d(y, 3.0, MPFR_RNDN);
  mpfr_set_d(z, 0.1, MPFR_RNDN);
  mpfr_set_d(w, -7.5, MPFR_RNDN);
  // A step capturing four values by reference: 32 bytes of captures, more than a std::function keeps
  // without allocating.
  auto round = [&] {
    return roundCorrectly(ElementType::kF32, [&](mpfr_ptr out) {
      int inexact = mpfr_mul(out, x, y, MPFR_RNDN) != 0;
      inexact |= mpfr_fma(out, z, w, out, MPFR_RNDN) != 0;
      return withinUlps(out, 1, inexact);
    });
  };
  const uint64_t first = round();  // warms the scratch pool
  uint64_t all = 0;
  {
    AllocationCounter counter;
    for (int i = 0; i < 10'000; ++i) all |= round() ^ first;
    EXPECT_EQ(counter.gmpCalls(), 0);
    EXPECT_EQ(counter.newCalls(), 0);
  }
  EXPECT_EQ(all, 0u);
  // 1.25 * 3 + 0.1 * -7.5 = 3.75 - 0.75 = 3 (0.1 is the double nearest 0.1; the f32 result is 3.0f).
  EXPECT_EQ(first, 0x40400000u);
}

TEST(Allocation, ComplexRoundingAllocatesNothingPerCall) {
  initNumerics();
  ScratchComplex a(64), b(64);
  mpc_set_d_d(a, 1.5, -2.0, MPC_RNDNN);
  mpc_set_d_d(b, 0.5, 4.0, MPC_RNDNN);
  auto round = [&] {
    return roundComplexCorrectly(ElementType::kF64, [&](mpc_ptr out) { return roundedByMpc(out, mpc_add(out, a, b, MPC_RNDNN)); });
  };
  const auto first = round();
  AllocationCounter counter;
  for (int i = 0; i < 10'000; ++i) EXPECT_EQ(round(), first);
  EXPECT_EQ(counter.gmpCalls(), 0);
  EXPECT_EQ(counter.newCalls(), 0);
}

TEST(Allocation, ScratchValuesNestAndKeepTheirPrecision) {
  ScratchFloat outer(53);
  mpfr_set_d(outer, 2.5, MPFR_RNDN);
  {
    ScratchFloat inner(4000);  // a slot grown once ...
    EXPECT_EQ(mpfr_get_prec(inner), 4000);
    EXPECT_TRUE(mpfr_nan_p(inner));
    mpfr_set_prec(inner, 8000);  // ... and grown again by the user: the pool keeps working
    mpfr_set_ui(inner, 3, MPFR_RNDN);
  }
  ScratchFloat again(24);  // the same slot, smaller: a fresh NaN at the precision asked for
  EXPECT_EQ(mpfr_get_prec(again), 24);
  EXPECT_TRUE(mpfr_nan_p(again));
  EXPECT_EQ(mpfr_get_d(outer, MPFR_RNDN), 2.5);
}

// The elementwise path: per element, the operands are decoded into scratch values, rounded through the
// Ziv loop and encoded (ir/element_type.cc keeps its integers per thread). 4,096 elements of each op;
// before this change each element cost five GMP allocations (two operands, the working value, two
// integers in the encoder). What remains is per op (the result tensor, the interpreter's bookkeeping),
// so the count stays far below one per element.
TEST(Allocation, ElementwiseOpsDoNotAllocatePerElement) {
  // One thread: elementwise ops split large tensors over the pool, and a worker thread that runs its
  // first range in the counted run grows its own per-thread pools then, which is per thread, not per
  // element (and which thread takes a range depends on the machine's load).
  struct OneThread {
    OneThread() { setEvaluatorThreads(1); }
    ~OneThread() { setEvaluatorThreads(0); }
  } one_thread;
  constexpr int64_t kElements = 4096;
  std::string a = "[", b = "[";
  for (int64_t i = 0; i < kElements; ++i) {
    strAppend(&a, i ? ", " : "", std::to_string(1.0 + static_cast<double>(i) / 7.0));
    strAppend(&b, i ? ", " : "", std::to_string(-3.0 + static_cast<double>(i) / 3.0));
  }
  a += "]";
  b += "]";
  const std::string type = strCat("tensor<", kElements, "xf64>");
  for (const char* op : {"multiply", "add", "divide", "maximum", "sqrt"}) {
    const bool unary = std::strcmp(op, "sqrt") == 0;
    const std::string text = strCat("func.func @main() -> ", type, " {\n", "  %a = stablehlo.constant dense<", a, "> : ", type,
                                    "\n  %b = stablehlo.constant dense<", b, "> : ", type, "\n  %r = stablehlo.", op,
                                    unary ? " %a" : " %a, %b", " : ", type, "\n  func.return %r : ", type, "\n}\n");
    auto module = parseModule(text, "alloc.mlir");
    ASSERT_TRUE(module.ok()) << module.status().message();
    const Operation* main = module->findFunction("main");
    // The first run grows the pools and verifies each op once (with its result-type inference, ir/infer.h:
    // a few allocations per op, not per element); the second run is counted.
    Interpreter interp(*module, text);
    ASSERT_TRUE(interp.callFunction(*main, {}).ok());
    AllocationCounter counter;
    auto results = interp.callFunction(*main, {});
    const int64_t gmp = counter.gmpCalls(), news = counter.newCalls();
    ASSERT_TRUE(results.ok()) << results.status().message();
    EXPECT_LT(gmp, kElements / 100) << op << ": GMP allocations for " << kElements << " elements";
    EXPECT_LT(news, kElements / 100) << op << ": operator new calls for " << kElements << " elements";
  }
}

}  // namespace
}  // namespace hloconf::ref
