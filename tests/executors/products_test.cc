// Products and linear algebra on the cpu executor: dot_general, dot, convolution, dynamic_conv, batch_norm_*, cholesky,
// triangular_solve and fft, through the spec suite's cases and generated programs under `default`, plus
// focused programs the suites miss (batch dims in odd positions, transposed layouts, K = 0, integer
// wrap-around, i1, convolution attributes in odd layouts), compared bit for bit with the reference on
// small integer values, where every order of the sums is exact.
#include <gtest/gtest.h>

#include <bit>
#include <cstdio>
#include <functional>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include "executors/cpu/executor.h"
#include "executors/cpu/products_common.h"
#include "executors/cpu/products_conv_onednn.h"
#include "executors/plan/plan.h"
#include "ir/element_type.h"
#include "ir/parser.h"
#include "ir/strings.h"
#include "reference/evaluate.h"
#include "tests/executors/suite_check.h"

namespace hloconf {
namespace {

using testing::expectCpuPasses;
using testing::Unsupported;

std::string casesOf(const char* op) { return std::string(HLOCONF_SOURCE_DIR) + "/cases/" + op; }

// --- The suites ------------------------------------------------------------------------------------------

TEST(CpuProducts, SpecCasesPass) {
  for (const char* op : {"dot_general", "convolution", "dynamic_conv", "fft"}) {
    SCOPED_TRACE(op);
    expectCpuPasses({casesOf(op)});
  }
  // Their quantized cases need bitcast_convert and quantized types, of other families.
  for (const char* op : {"batch_norm_inference", "batch_norm_training", "batch_norm_grad", "cholesky", "triangular_solve"}) {
    SCOPED_TRACE(op);
    const testing::SuiteTally tally = expectCpuPasses({casesOf(op)}, 1, Unsupported::kCounted);
    EXPECT_GT(tally.passed, 0);
  }
}

TEST(CpuProducts, GeneratedProgramsPass) {
  for (const char* op : {"gen:dot_general", "gen:convolution", "gen:dynamic_conv", "gen:batch_norm_inference", "gen:batch_norm_training",
                         "gen:batch_norm_grad"}) {
    SCOPED_TRACE(op);
    const testing::SuiteTally tally = expectCpuPasses({op}, 3);
    EXPECT_GE(tally.passed, 30);
  }
  // Their non-finite inputs give elements the reference marks implementation-defined: IMPL_DEFINED counts
  // as passing (suite_check.h).
  for (const char* op : {"gen:cholesky", "gen:triangular_solve", "gen:fft"}) {
    SCOPED_TRACE(op);
    EXPECT_GT(expectCpuPasses({op}, 3).passed, 0);
  }
}

// --- Focused programs ------------------------------------------------------------------------------------

// A dense<...> literal of `shape` with element i (row-major) given by `value(i)`.
std::string denseLiteral(const std::vector<int64_t>& shape, const std::function<std::string(int64_t)>& value) {
  if (std::find(shape.begin(), shape.end(), 0) != shape.end()) return "dense<>";
  int64_t index = 0;
  std::function<std::string(size_t)> level = [&](size_t d) -> std::string {
    if (d == shape.size()) return value(index++);
    std::string out = "[";
    for (int64_t i = 0; i < shape[d]; ++i) out += (i ? ", " : "") + level(d + 1);
    return out + "]";
  };
  return "dense<" + level(0) + ">";
}

std::string tensorType(const std::vector<int64_t>& shape, std::string_view element) {
  std::string out = "tensor<";
  for (int64_t d : shape) out += strCat(d, "x");
  return strCat(out, element, ">");
}

// Small integers, exact in every type here (and their sums of products too), hashed from the index so
// that no offset into an operand reads the same values as another (a mis-placed block must show).
std::string smallValue(std::string_view element, int64_t i, int salt) {
  const int64_t v = static_cast<int64_t>(((static_cast<uint64_t>(i) * 7 + salt * 5 + 3) * 2654435761u >> 11) % 9) - 4;
  if (element == "i1") return v > 0 ? "true" : "false";
  if (element.starts_with("ui")) return strCat(v + 4);
  if (element.starts_with("i") || element.starts_with("si")) return strCat(v);
  if (element.starts_with("complex")) return strCat("(", v, ".0, ", (v * 3 + salt) % 5, ".0)");
  return strCat(v, ".0");
}

std::vector<Tensor> runCpu(const std::string& text) {
  auto module = parseModule(text, "products_test");
  EXPECT_TRUE(module.ok()) << module.status();
  if (!module.ok()) return {};
  auto compiled = plan::compile(*module, "main", text);
  EXPECT_TRUE(compiled.ok()) << compiled.status();
  if (!compiled.ok()) return {};
  if (auto* unsupported = std::get_if<plan::Unsupported>(&*compiled)) {
    ADD_FAILURE() << unsupported->message();
    return {};
  }
  auto lowered = cpu::lower(std::get<plan::Plan>(std::move(*compiled)));
  if (auto* unsupported = std::get_if<plan::Unsupported>(&lowered)) {
    ADD_FAILURE() << unsupported->message();
    return {};
  }
  auto outputs = cpu::run(std::get<cpu::Program>(lowered), {});
  EXPECT_TRUE(outputs.ok()) << outputs.status();
  return outputs.ok() ? *outputs : std::vector<Tensor>{};
}

std::vector<Tensor> runReference(const std::string& text) {
  auto module = parseModule(text, "products_test");
  EXPECT_TRUE(module.ok()) << module.status();
  if (!module.ok()) return {};
  const Operation* main = module->findFunction("main");
  ref::FunctionRun run = ref::evaluateFunction(*module, text, *main, {});
  EXPECT_TRUE(run.status.ok()) << run.status;
  std::vector<Tensor> out;
  if (run.status.ok())
    for (const ref::RtValue& v : run.per_process[0]) out.push_back(v.tensor);
  return out;
}

// The program's results on the cpu executor equal the reference's, bit for bit.
void expectSameAsReference(const std::string& text) {
  SCOPED_TRACE(text);
  const std::vector<Tensor> cpu = runCpu(text), ref = runReference(text);
  ASSERT_EQ(cpu.size(), ref.size());
  for (size_t r = 0; r < cpu.size(); ++r) {
    ASSERT_EQ(cpu[r].type(), ref[r].type());
    const ElementType t = cpu[r].elementType();
    const int parts = isComplex(t) ? 2 : 1;
    // The sign of a zero sum is open (the spec's reduce from +0 gives +0; the reference's exact sum of
    // one -0 product is -0), and a warning under `default`: zeros compare equal here.
    const ElementType part_type = isComplex(t) ? (t == ElementType::kC64 ? ElementType::kF32 : ElementType::kF64) : t;
    const uint64_t sign = isFloat(part_type) ? uint64_t{1} << (bitWidth(part_type) - 1) : 0;
    for (int64_t i = 0; i < cpu[r].numElements(); ++i)
      for (int part = 0; part < parts; ++part) {
        uint64_t got = cpu[r].bits(i, part), want = ref[r].bits(i, part);
        if (sign && (got & ~sign) == 0 && (want & ~sign) == 0) got = want;
        ASSERT_EQ(got, want) << "result " << r << " element " << i << " part " << part;
      }
  }
}

std::string dotProgram(std::string_view element, const std::vector<int64_t>& ls, const std::vector<int64_t>& rs,
                       const std::vector<int64_t>& lb, const std::vector<int64_t>& rb, const std::vector<int64_t>& lc,
                       const std::vector<int64_t>& rc, std::string_view result_element = {}) {
  auto freeOf = [](const std::vector<int64_t>& shape, const std::vector<int64_t>& b, const std::vector<int64_t>& c) {
    std::vector<int64_t> out;
    for (int64_t d = 0; d < static_cast<int64_t>(shape.size()); ++d)
      if (std::find(b.begin(), b.end(), d) == b.end() && std::find(c.begin(), c.end(), d) == c.end()) out.push_back(shape[d]);
    return out;
  };
  std::vector<int64_t> os;
  for (int64_t d : lb) os.push_back(ls[d]);
  for (int64_t v : freeOf(ls, lb, lc)) os.push_back(v);
  for (int64_t v : freeOf(rs, rb, rc)) os.push_back(v);
  auto list = [](const std::vector<int64_t>& v) {
    std::string out = "[";
    for (size_t i = 0; i < v.size(); ++i) out += strCat(i ? ", " : "", v[i]);
    return out + "]";
  };
  const std::string lt = tensorType(ls, element), rt = tensorType(rs, element);
  const std::string ot = tensorType(os, result_element.empty() ? element : result_element);
  return strCat("func.func @main() -> ", ot, " {\n",
                "  %lhs = stablehlo.constant ", denseLiteral(ls, [&](int64_t i) { return smallValue(element, i, 1); }), " : ", lt, "\n",
                "  %rhs = stablehlo.constant ", denseLiteral(rs, [&](int64_t i) { return smallValue(element, i, 2); }), " : ", rt, "\n",
                "  %r = \"stablehlo.dot_general\"(%lhs, %rhs) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = ",
                list(lb), ", rhs_batching_dimensions = ", list(rb), ", lhs_contracting_dimensions = ", list(lc),
                ", rhs_contracting_dimensions = ", list(rc), ">} : (", lt, ", ", rt, ") -> ", ot, "\n",
                "  return %r : ", ot, "\n}\n");
}

TEST(CpuProducts, DotGeneralLayoutsMatchTheReference) {
  struct Layout {
    std::vector<int64_t> ls, rs, lb, rb, lc, rc;
  };
  const std::vector<Layout> layouts = {
      {{4, 3}, {3, 5}, {}, {}, {1}, {0}},                     // plain: both read in place
      {{3, 4}, {5, 3}, {}, {}, {0}, {1}},                     // both transposed in the BLAS call
      {{2, 3, 4}, {2, 5, 3}, {0}, {0}, {1}, {2}},             // batched, both transposed
      {{3, 2, 4}, {5, 3, 2}, {1}, {2}, {0}, {1}},             // batch dims in the middle and last: packed
      {{2, 3, 2, 4}, {3, 2, 5}, {}, {}, {1, 2}, {0, 1}},      // two contracting dims between free ones
      {{2, 4, 3, 2}, {3, 2, 2}, {0, 3}, {1, 2}, {2}, {0}},    // two batch dims, one of them last
      {{6}, {6}, {}, {}, {0}, {0}},                           // vector . vector
      {{3}, {4}, {}, {}, {}, {}},                             // outer product
  };
  for (const char* element : {"f32", "f64", "f16", "bf16", "i32", "ui8", "complex<f32>", "complex<f64>"})
    for (const Layout& l : layouts) expectSameAsReference(dotProgram(element, l.ls, l.rs, l.lb, l.rb, l.lc, l.rc));
  // Mixed: f16 operands with an f32 result, i8 operands with an i32 result.
  expectSameAsReference(dotProgram("f16", {3, 4}, {4, 2}, {}, {}, {1}, {0}, "f32"));
  expectSameAsReference(dotProgram("i8", {3, 4}, {4, 2}, {}, {}, {1}, {0}, "i32"));
}

TEST(CpuProducts, DotGeneralEmptyContractingGivesZeros) {
  for (const char* element : {"f32", "f64", "f16", "i32", "complex<f32>"}) {
    expectSameAsReference(dotProgram(element, {2, 0}, {0, 3}, {}, {}, {1}, {0}));
    expectSameAsReference(dotProgram(element, {2, 2, 0}, {2, 0, 3}, {0}, {0}, {2}, {1}));
  }
}

// The results of a one-op program from literal operands, as raw bits.
std::vector<uint64_t> resultBits(const std::string& text) {
  const std::vector<Tensor> out = runCpu(text);
  std::vector<uint64_t> bits;
  if (out.size() == 1)
    for (int64_t i = 0; i < out[0].numElements(); ++i) bits.push_back(out[0].bits(i));
  return bits;
}

std::string matmul(std::string_view lhs, std::string_view rhs, std::string_view lt, std::string_view rt, std::string_view ot) {
  return strCat("func.func @main() -> ", ot, " {\n  %a = stablehlo.constant ", lhs, " : ", lt, "\n  %b = stablehlo.constant ",
                rhs, " : ", rt, "\n  %r = \"stablehlo.dot_general\"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<",
                "lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (", lt, ", ", rt, ") -> ", ot,
                "\n  return %r : ", ot, "\n}\n");
}

// f32 GEMMs of 2^20 multiply-adds and more go to oneDNN's sgemm, split into column or row blocks over the
// pool (products_common.cc): every transpose, a split either way and batches, exact on small integers.
TEST(CpuProducts, LargeF32DotsGoToOneDnnAndMatchTheReference) {
  const int64_t before = cpu::products::oneDnnGemms();
  expectSameAsReference(dotProgram("f32", {64, 200}, {200, 100}, {}, {}, {1}, {0}));   // wide: column blocks
  expectSameAsReference(dotProgram("f32", {270, 100}, {100, 40}, {}, {}, {1}, {0}));   // tall: row blocks
  expectSameAsReference(dotProgram("f32", {100, 270}, {40, 100}, {}, {}, {0}, {1}));   // both transposed, tall
  expectSameAsReference(dotProgram("f32", {100, 50}, {220, 100}, {}, {}, {0}, {1}));   // both transposed, wide
  expectSameAsReference(dotProgram("f32", {2, 200, 64}, {2, 200, 96}, {0}, {0}, {1}, {1}));  // batched
  EXPECT_EQ(cpu::products::oneDnnGemms() - before, 4 + 2);
}

// GEMMs from 2^17 multiply-adds on OpenBLAS (f32 below oneDNN's 2^20, every f64) are split into blocks
// over the thread team too, one single-threaded OpenBLAS call per block: every transpose, both split
// directions, exact on small integers. None of them goes to oneDNN.
TEST(CpuProducts, MidSizedDotsSplitIntoOpenBlasBlocksMatchTheReference) {
  const int64_t before = cpu::products::oneDnnGemms();
  for (const char* type : {"f32", "f64"}) {
    SCOPED_TRACE(type);
    expectSameAsReference(dotProgram(type, {40, 64}, {64, 100}, {}, {}, {1}, {0}));    // wide: column blocks
    expectSameAsReference(dotProgram(type, {130, 64}, {64, 40}, {}, {}, {1}, {0}));    // tall: row blocks
    expectSameAsReference(dotProgram(type, {64, 130}, {40, 64}, {}, {}, {0}, {1}));    // both transposed, tall
    expectSameAsReference(dotProgram(type, {64, 40}, {100, 64}, {}, {}, {0}, {1}));    // both transposed, wide
  }
  EXPECT_EQ(cpu::products::oneDnnGemms() - before, 0);
}

// oneDNN's sgemm keeps subnormal products and sums (no flush to zero) and propagates infinities and NaN as
// the spec's sums do: C = diag(s) B with s subnormal and B the identity but for an infinite and a NaN entry.
TEST(CpuProducts, OneDnnGemmKeepsSubnormalsAndNonFiniteValues) {
  const int64_t n = 128;  // 128^3 = 2^21 multiply-adds: oneDNN's
  const std::vector<int64_t> shape = {n, n};
  const std::string lhs = denseLiteral(shape, [&](int64_t i) {
    // s_i = (i + 1) 2^-149: the smallest subnormals.
    char hex[16];
    std::snprintf(hex, sizeof hex, "0x%08X", static_cast<unsigned>(i / n + 1));
    return i / n == i % n ? std::string(hex) : std::string("0.0");
  });
  const std::string rhs = denseLiteral(shape, [&](int64_t i) {
    if (i == 5 * n + 7) return std::string("0x7F800000");  // +inf at B[5][7]
    if (i == 9 * n + 2) return std::string("0x7FC00000");  // NaN at B[9][2]
    return std::string(i / n == i % n ? "1.0" : "0.0");
  });
  const std::string t = tensorType(shape, "f32");
  const int64_t before = cpu::products::oneDnnGemms();
  const std::string text = matmul(lhs, rhs, t, t, t);
  const std::vector<Tensor> cpu = runCpu(text), ref = runReference(text);
  EXPECT_EQ(cpu::products::oneDnnGemms() - before, 1);
  ASSERT_EQ(cpu.size(), 1u);
  ASSERT_EQ(ref.size(), 1u);
  int nan_elements = 0;
  for (int64_t i = 0; i < n * n; ++i) {
    const uint64_t got = cpu[0].bits(i), want = ref[0].bits(i);
    const bool want_nan = (want & 0x7FFFFFFF) > 0x7F800000;
    nan_elements += want_nan;
    // A NaN's sign and payload are the comparator's business (a warning under `default`), not this test's.
    if (want_nan) EXPECT_GT(got & 0x7FFFFFFF, 0x7F800000u) << "element " << i;
    else EXPECT_EQ(got, want) << "element " << i;
  }
  // Column 7 but its row 5 (0 x inf) and column 2 (a NaN factor in every sum).
  EXPECT_EQ(nan_elements, (n - 1) + n);
}

TEST(CpuProducts, DotGeneralIntegersWrapAround) {
  // 100 * 100 + 100 * 100 = 20000 = 78 * 256 + 32.
  EXPECT_EQ(resultBits(matmul("dense<[[100, 100]]>", "dense<[[100], [100]]>", "tensor<1x2xi8>", "tensor<2x1xi8>", "tensor<1x1xi8>")),
            std::vector<uint64_t>{32});
  // -128 * -1 = 128 wraps to -128 (0x80); 200 * 2 + 200 * 2 = 800 = 3 * 256 + 32 in ui8.
  EXPECT_EQ(resultBits(matmul("dense<[[-128]]>", "dense<[[-1]]>", "tensor<1x1xi8>", "tensor<1x1xi8>", "tensor<1x1xi8>")),
            std::vector<uint64_t>{0x80});
  EXPECT_EQ(resultBits(matmul("dense<[[200, 200]]>", "dense<[[2], [2]]>", "tensor<1x2xui8>", "tensor<2x1xui8>", "tensor<1x1xui8>")),
            std::vector<uint64_t>{32});
  // 2^16 * 2^16 + 2^16 * 1 = 2^32 + 2^16: 2^16 in i32; in i64, exact.
  EXPECT_EQ(resultBits(matmul("dense<[[65536, 65536]]>", "dense<[[65536], [1]]>", "tensor<1x2xi32>", "tensor<2x1xi32>", "tensor<1x1xi32>")),
            std::vector<uint64_t>{65536});
  EXPECT_EQ(resultBits(matmul("dense<[[65536, 65536]]>", "dense<[[65536], [1]]>", "tensor<1x2xi64>", "tensor<2x1xi64>", "tensor<1x1xi64>")),
            std::vector<uint64_t>{(uint64_t{1} << 32) + 65536});
  // i8 operands into an i16 result: 127 * 127 * 3 = 48387 wraps to 48387 - 65536 = -17149 (0xBD03).
  EXPECT_EQ(resultBits(matmul("dense<[[127, 127, 127]]>", "dense<[[127], [127], [127]]>", "tensor<1x3xi8>", "tensor<3x1xi8>", "tensor<1x1xi16>")),
            std::vector<uint64_t>{0xBD03});
}

TEST(CpuProducts, DotGeneralOnBooleansIsOrOfAnds) {
  EXPECT_EQ(resultBits(matmul("dense<[[true, false], [true, true], [false, false]]>", "dense<[[false, true], [true, false]]>",
                              "tensor<3x2xi1>", "tensor<2x2xi1>", "tensor<3x2xi1>")),
            (std::vector<uint64_t>{0, 1, 1, 1, 0, 0}));
}

// The 8-, 6- and 4-bit floats compute in f32 (f8E8M0FNU in f64: its powers of two leave f32's range) and
// round once to the result type, as f16 and bf16 do. Operands are drawn from ranges where every sum of
// products is exact in the compute type, so that the bits equal the reference's whatever the order.
TEST(CpuProducts, SmallFloatsComputeWideAndRoundOnce) {
  std::mt19937_64 rng(8);
  struct Case {
    const char* element;
    ElementType type;
    uint64_t mask, base;
  };
  for (const Case& c : {Case{"f8E4M3FN", ElementType::kF8E4M3FN, 0xBF, 0}, Case{"f8E5M2", ElementType::kF8E5M2, 0x8F, 0x30},
                        Case{"f8E8M0FNU", ElementType::kF8E8M0FNU, 0x0F, 0x78}, Case{"f6E2M3FN", ElementType::kF6E2M3FN, 0x3F, 0},
                        Case{"f4E2M1FN", ElementType::kF4E2M1FN, 0x0F, 0}}) {
    SCOPED_TRACE(c.element);
    auto random = [&](int64_t rows, int64_t cols) {
      Tensor t(Type::tensor({rows, cols}, Type::element(c.type)));
      for (int64_t i = 0; i < t.numElements(); ++i) t.setBits(i, (rng() & c.mask) | c.base);
      return t;
    };
    const std::string e = c.element;
    const std::string a = "tensor<3x4x" + e + ">", b = "tensor<4x2x" + e + ">", r = "tensor<3x2x" + e + ">";
    testing::expectSameBitsAsReference(testing::makeRequest(
        "  %r = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (" + a + ", " + b + ") -> " + r + "\n  func.return %r : " + r + "\n",
        {a, b}, r, {random(3, 4), random(4, 2)}));
  }
}

std::string algorithmDot(std::string_view precision, std::string_view lhs, std::string_view rhs) {
  return strCat("func.func @main() -> tensor<1x1xf32> {\n  %a = stablehlo.constant dense<", lhs,
                "> : tensor<1x2xf32>\n  %b = stablehlo.constant dense<", rhs, "> : tensor<2x1xf32>\n",
                "  %r = \"stablehlo.dot_general\"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], ",
                "rhs_contracting_dimensions = [0]>, algorithm = #stablehlo.dot_algorithm<lhs_precision_type = ", precision,
                ", rhs_precision_type = ", precision, ", accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, ",
                "num_primitive_operations = 1, allow_imprecise_accumulation = false>} : (tensor<1x2xf32>, tensor<2x1xf32>) -> tensor<1x1xf32>\n",
                "  return %r : tensor<1x1xf32>\n}\n");
}

TEST(CpuProducts, DotAlgorithmRoundsInputsToItsPrecisionTypes) {
  // 1 + 2^-11 is a tie between tf32/f16 neighbours 1 and 1 + 2^-10 (to even: 1); 1 + 2^-11 + 2^-20 is
  // above it (up); for bf16 both round to 1. Against the reference, which rounds the same inputs.
  for (const char* precision : {"tf32", "f16", "bf16", "f32"}) {
    expectSameAsReference(algorithmDot(precision, "[[1.00048828125, 1.00048923492431640625]]", "[[1.0], [4.0]]"));
    expectSameAsReference(algorithmDot(precision, "[[-3.0e-39, 70000.0]]", "[[1.0], [1.0]]"));
  }
  // A precision type the executor does not round to is Unsupported, with the reason.
  const std::string text = algorithmDot("f8E5M2", "[[1.0, 2.0]]", "[[1.0], [1.0]]");
  auto module = parseModule(text, "products_test");
  ASSERT_TRUE(module.ok()) << module.status();
  auto compiled = plan::compile(*module, "main", text);
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  ASSERT_TRUE(std::holds_alternative<plan::Unsupported>(*compiled));
  EXPECT_NE(std::get<plan::Unsupported>(*compiled).reason.find("f8E5M2"), std::string::npos)
      << std::get<plan::Unsupported>(*compiled).reason;
}

TEST(CpuProducts, LegacyDotIsMatrixVectorProduct) {
  // stablehlo.dot (which the reference does not run): lhs's last dim against rhs's first.
  const std::string text =
      "func.func @main() -> tensor<2xf32> {\n"
      "  %a = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>\n"
      "  %b = stablehlo.constant dense<[1.0, -1.0, 2.0]> : tensor<3xf32>\n"
      "  %r = \"stablehlo.dot\"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>\n"
      "  return %r : tensor<2xf32>\n}\n";
  EXPECT_EQ(resultBits(text), (std::vector<uint64_t>{std::bit_cast<uint32_t>(5.0f), std::bit_cast<uint32_t>(11.0f)}));
}

std::string convProgram(std::string_view element, const std::vector<int64_t>& ls, const std::vector<int64_t>& rs,
                        const std::vector<int64_t>& os, std::string_view numbers, std::string_view window,
                        int64_t feature_groups, int64_t batch_groups) {
  const std::string lt = tensorType(ls, element), rt = tensorType(rs, element), ot = tensorType(os, element);
  return strCat("func.func @main() -> ", ot, " {\n",
                "  %lhs = stablehlo.constant ", denseLiteral(ls, [&](int64_t i) { return smallValue(element, i, 1); }), " : ", lt, "\n",
                "  %rhs = stablehlo.constant ", denseLiteral(rs, [&](int64_t i) { return smallValue(element, i, 2); }), " : ", rt, "\n",
                "  %r = \"stablehlo.convolution\"(%lhs, %rhs) {", window, "dimension_numbers = #stablehlo.conv<", numbers,
                ">, feature_group_count = ", feature_groups, " : i64, batch_group_count = ", batch_groups,
                " : i64} : (", lt, ", ", rt, ") -> ", ot, "\n  return %r : ", ot, "\n}\n");
}

TEST(CpuProducts, ConvolutionAttributesMatchTheReference) {
  // Every window attribute at once, in NCHW / OIHW / NCHW-like layouts with the spatial dims swapped:
  // input 2x4x5x6 (b, f, 0, 1), strides [2, 1], padding [[1, -1], [2, 0]], lhs dilation [2, 1], rhs
  // dilation [1, 2], the first spatial dim reversed. Padded input dim 0: 1 + 9 - 1 = 9; dim 1: 2 + 6 = 8.
  // Window 2x3 dilated to 2x5: outputs (9 - 2) / 2 + 1 = 4 and 8 - 5 + 1 = 4.
  const std::string window =
      "window_strides = array<i64: 2, 1>, padding = dense<[[1, -1], [2, 0]]> : tensor<2x2xi64>, "
      "lhs_dilation = array<i64: 2, 1>, rhs_dilation = array<i64: 1, 2>, window_reversal = array<i1: true, false>, ";
  for (const char* element : {"f32", "f64", "f16", "bf16", "i32", "complex<f32>"}) {
    // Feature groups 2: kernel input features 4 / 2 = 2, output features 6 (3 per group).
    expectSameAsReference(convProgram(element, {2, 4, 5, 6}, {6, 2, 2, 3}, {2, 6, 4, 4}, "[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]",
                                      window, 2, 1));
    // Output in another layout: [1, b, f, 0] (spatial dims swapped in the output).
    expectSameAsReference(convProgram(element, {2, 4, 5, 6}, {6, 2, 2, 3}, {4, 2, 6, 4}, "[b, f, 0, 1]x[o, i, 0, 1]->[1, b, f, 0]",
                                      window, 2, 1));
    // Batch groups 2: batch 4 -> 2, output features 4 (2 per batch group), kernel in HWIO.
    expectSameAsReference(convProgram(element, {4, 5, 6, 3}, {2, 3, 3, 4}, {2, 4, 4, 4}, "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]",
                                      window, 1, 2));
  }
  // A 1-D convolution with a zero-size window (sums of nothing) and a rank-2 one (no spatial dims).
  expectSameAsReference(convProgram("f32", {1, 4, 2}, {0, 2, 3}, {1, 5, 3}, "[b, 0, f]x[0, i, o]->[b, 0, f]", "", 1, 1));
  expectSameAsReference(convProgram("i32", {3, 4}, {4, 5}, {3, 5}, "[b, f]x[i, o]->[b, f]", "", 1, 1));
  // Outputs x window past the offset table's limit (1105 x 1100 > 2^20): offsets computed on the fly.
  expectSameAsReference(convProgram("i32", {1, 4, 1}, {1100, 1, 1}, {1, 1105, 1}, "[b, 0, f]x[0, i, o]->[b, 0, f]",
                                    "padding = dense<[[1100, 1100]]> : tensor<1x2xi64>, ", 1, 1));
}

TEST(CpuProducts, LargeF32ConvolutionsGoToOneDnnAndMatchTheReference) {
  // Past products_conv_onednn.cc's 2^20 products, in layouts and with window attributes oneDNN takes:
  // NCHW / OIHW, strides [2, 1], padding [[1, 0], [2, 1]], rhs dilation [1, 2], feature groups 2. Input
  // 2x8x56x36: padded 57x39, window 3x3 dilated to 3x5, outputs (57 - 3) / 2 + 1 = 28 and 39 - 5 + 1 = 35.
  // Products: batch 2 x 16 output features x 4 input features per group x 28 x 35 x 9 = 1,128,960. Small
  // integers keep every sum exact, so any accumulation order gives the reference's bits.
  const std::string window =
      "window_strides = array<i64: 2, 1>, padding = dense<[[1, 0], [2, 1]]> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 2>, ";
  const int64_t before = cpu::products::oneDnnConvolutions();
  expectSameAsReference(convProgram("f32", {2, 8, 56, 36}, {16, 4, 3, 3}, {2, 16, 28, 35}, "[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]",
                                    window, 2, 1));
  // NHWC / HWIO with the output in another layout, and a 1-D and a 3-D one.
  expectSameAsReference(convProgram("f32", {1, 48, 48, 16}, {3, 3, 16, 16}, {16, 1, 48, 48}, "[b, 0, 1, f]x[0, 1, i, o]->[f, b, 0, 1]",
                                    "padding = dense<1> : tensor<2x2xi64>, ", 1, 1));
  expectSameAsReference(convProgram("f32", {4, 1024, 16}, {5, 16, 16}, {4, 1020, 16}, "[b, 0, f]x[0, i, o]->[b, 0, f]", "", 1, 1));
  expectSameAsReference(convProgram("f32", {1, 12, 12, 12, 8}, {3, 3, 3, 8, 8}, {1, 10, 10, 10, 8},
                                    "[b, 0, 1, 2, f]x[0, 1, 2, i, o]->[b, 0, 1, 2, f]", "", 1, 1));
  // One batch element: the parts split the output's first spatial dim (products_conv_onednn.cc), here
  // with stride 2, padding 1 before and 0 after and a 58-row input (29 output rows: 14 and 15), so the
  // parts' windows and pads differ.
  expectSameAsReference(convProgram("f32", {1, 8, 58, 36}, {32, 4, 3, 3}, {1, 32, 29, 35}, "[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]",
                                    window, 2, 1));
  EXPECT_EQ(cpu::products::oneDnnConvolutions() - before, 5);
}

TEST(CpuProducts, PaddingTimesAnInfiniteKernelElementIsNaNOnTheLargePathToo) {
  // oneDNN skips padding, but the spec's padding is 0 and 0 * inf is NaN: a padded convolution whose kernel
  // has a non-finite element stays with im2col. Kernel element [0, 0, 0, 0] is +inf: every output of
  // output feature 0 reads it, the first row and column at padding (NaN), the rest at input values.
  const std::vector<int64_t> ls{1, 48, 48, 16}, rs{3, 3, 16, 16}, os{1, 48, 48, 16};
  const std::string lt = tensorType(ls, "f32"), rt = tensorType(rs, "f32"), ot = tensorType(os, "f32");
  const std::string text = strCat(
      "func.func @main() -> ", ot, " {\n", "  %lhs = stablehlo.constant ",
      denseLiteral(ls, [&](int64_t i) { return smallValue("f32", i, 1); }), " : ", lt, "\n", "  %rhs = stablehlo.constant ",
      denseLiteral(rs, [&](int64_t i) { return i == 0 ? std::string("0x7F800000") : smallValue("f32", i, 2); }), " : ", rt, "\n",
      "  %r = \"stablehlo.convolution\"(%lhs, %rhs) {padding = dense<1> : tensor<2x2xi64>, dimension_numbers = "
      "#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (",
      lt, ", ", rt, ") -> ", ot, "\n  return %r : ", ot, "\n}\n");
  const int64_t before = cpu::products::oneDnnConvolutions();
  const std::vector<Tensor> cpu = runCpu(text), ref = runReference(text);
  ASSERT_EQ(cpu.size(), 1u);
  ASSERT_EQ(ref.size(), 1u);
  EXPECT_EQ(cpu::products::oneDnnConvolutions(), before);
  int64_t nans = 0;
  for (int64_t i = 0; i < cpu[0].numElements(); ++i) {
    const float got = std::bit_cast<float>(static_cast<uint32_t>(cpu[0].bits(i, 0)));
    const float want = std::bit_cast<float>(static_cast<uint32_t>(ref[0].bits(i, 0)));
    ASSERT_EQ(std::isnan(got), std::isnan(want)) << "element " << i;
    nans += std::isnan(got);
    if (!std::isnan(want)) {
      ASSERT_EQ(got, want) << "element " << i;
    }
  }
  EXPECT_GT(nans, 0);
}

}  // namespace
}  // namespace hloconf
