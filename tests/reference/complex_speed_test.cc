// Complex elementwise ops on inputs where the Ziv loop used to double its precision for seconds or
// forever (large magnitudes, parts that are exact zeros or far below their error bound). Each case
// checks the exact bits of both parts, so a wrong shortcut (a wrong sign of zero or infinity, a part
// rounded differently) fails. Expected values: python3-mpmath at 3000 bits, rounded to the part format
// (nearest even, with subnormals), given in the comments. Where the exact part is 0 the sign of the zero
// is the documented convention of reference/kernels_elementwise.cc, noted beside it. No timing is asserted:
// before the fix several of these ran for minutes, so a regression shows as a test timeout.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "tests/reference/eval_test_util.h"

namespace hloconf {
namespace {

using test::allBits;
using test::evalOp;

// {re bits, im bits} of each element of `op` applied to the constants (one element per literal pair).
std::vector<std::pair<uint64_t, uint64_t>> complexOp(const std::string& op, const std::string& part, const std::vector<std::string>& operands) {
  const int n = static_cast<int>(std::count(operands[0].begin(), operands[0].end(), '('));
  const std::string type = strCat("tensor<", n, "xcomplex<", part, ">>");
  std::vector<std::string> constants;
  std::string args;
  const char* names[] = {"%a", "%b"};
  for (size_t i = 0; i < operands.size(); ++i) {
    constants.push_back(strCat("dense<[", operands[i], "]> : ", type));
    strAppend(&args, i ? ", " : "", names[i]);
  }
  const ref::RtValue r = evalOp(constants, strCat(op, " ", args, " : ", type), type);
  std::vector<std::pair<uint64_t, uint64_t>> out;
  const std::vector<uint64_t> re = allBits(r, 0), im = allBits(r, 1);
  for (size_t i = 0; i < re.size() && i < im.size(); ++i) out.push_back({re[i], im[i]});
  return out;
}

using Bits = std::vector<std::pair<uint64_t, uint64_t>>;

TEST(ComplexSpeed, LogisticOfLargePositiveRealPart) {
  // logistic(1e5 +- 3i) = 1 -+ ... with Im = +-5.0280347137335915028e-43431: (1, +-0), the sign of sin(y).
  // (1e5, +-0): exactly real, Im +0 (the evaluator's convention for y = +-0, as MPC gave it).
  EXPECT_EQ(complexOp("stablehlo.logistic", "f32", {"(1.0e5, 3.0), (1.0e5, -3.0), (1.0e5, 0.0), (1.0e5, -0.0)"}),
            (Bits{{0x3F800000, 0x00000000}, {0x3F800000, 0x80000000}, {0x3F800000, 0}, {0x3F800000, 0}}));
  // f64: (1e30, -0.0) and (1e30, 0.0) -> (1, +0); (1e30, -2.0) -> (1, -0) (sin(-2) < 0).
  EXPECT_EQ(complexOp("stablehlo.logistic", "f64", {"(1.0e30, -0.0), (1.0e30, 0.0), (1.0e30, -2.0)"}),
            (Bits{{0x3FF0000000000000, 0}, {0x3FF0000000000000, 0}, {0x3FF0000000000000, 0x8000000000000000}}));
}

TEST(ComplexSpeed, LogisticAroundItsThresholds) {
  // x = 1100 (shortcut): 1.0 + 1.5889456846659611905e-478 i -> (1, +0).
  // x = 1099.9 (relative-error step): 1.0 + 1.8976028183884240497e-478 i -> (1, +0).
  // x = 100: 1.0 + 3.1303359951024496278e-44 i -> Im 0x36E656BD2DA62139.
  // x = 5, y = 1: 0.99634088015231865052 + 0.0056285495731259744049 i.
  // x = 0.99999 (MPC step, below the relative step's x >= 1): 1.0214139552597851053 + 0.40344291328059236734 i.
  // x = -1100, y = 3: -1.8693981536203259334e-478 + 2.6647624442801518841e-479 i -> (-0, +0).
  // x = -1100, y = -1: 1.0202502912447331609e-478 - 1.5889456846659611905e-478 i -> (+0, -0).
  EXPECT_EQ(complexOp("stablehlo.logistic", "f64",
                      {"(1100.0, 1.0), (1099.9, 2.0), (100.0, 1.0), (5.0, 1.0), (0.99999, 2.0), (-1100.0, 3.0), (-1100.0, -1.0)"}),
            (Bits{{0x3FF0000000000000, 0},
                  {0x3FF0000000000000, 0},
                  {0x3FF0000000000000, 0x36E656BD2DA62139},
                  {0x3FEFE20644FD818D, 0x3F770DF64572A681},
                  {0x3FF057B628D84CF1, 0x3FD9D2023995F57C},
                  {0x8000000000000000, 0},
                  {0, 0x8000000000000000}}));
  // f32: (1, 2): 1.0214153641721805417 + 0.40343870608154248402 i; (20, 0.5): 0.99999999819116752587 +
  // 9.8816968200874283104e-10 i; (-1e30, 3): -1.16e-434294488438283373569158753837 + 1.66e-...38 i -> (-0, +0).
  EXPECT_EQ(complexOp("stablehlo.logistic", "f32", {"(1.0, 2.0), (20.0, 0.5), (-1.0e30, 3.0)"}),
            (Bits{{0x3F82BDBD, 0x3ECE8F85}, {0x3F800000, 0x3087D021}, {0x80000000, 0}}));
}

TEST(ComplexSpeed, ExponentialOfVeryNegativeRealPart) {
  // exp(-1e30 + 3i) = -1.16e-434294488438283373569158753837 + 1.66e-434294488438283373569158753838 i -> (-0, +0);
  // exp(-3e38 - i) = 5.4e-130288344809740047140822026310291658113 - 8.4e-...113 i -> (+0, -0);
  // exp(-1e30 - 0i) -> (+0, -0) (Annex G: exp(x - 0i) = e^x - 0i).
  EXPECT_EQ(complexOp("stablehlo.exponential", "f32", {"(-1.0e30, 3.0), (-3.0e38, -1.0), (-1.0e30, -0.0)"}),
            (Bits{{0x80000000, 0}, {0, 0x80000000}, {0, 0x80000000}}));
  // x = -1100 (the threshold): -7.858081051599532967e-479 + 1.7170220346484976878e-478 i -> (-0, +0);
  // x = -1099.5 (MPC): -1.2955785376657781249e-478 + 2.8308907507857905666e-478 i -> (-0, +0).
  EXPECT_EQ(complexOp("stablehlo.exponential", "f64", {"(-1100.0, 2.0), (-1099.5, 2.0)"}),
            (Bits{{0x8000000000000000, 0}, {0x8000000000000000, 0}}));
}

TEST(ComplexSpeed, PowerBeyondMpfrsExponentRange) {
  // z^w = exp(w log z) with Re(w log z) = -1.522035183e280, sin(Im) = 0.97174, cos(Im) = -0.23604:
  // -9.1358e-6610114813052025614712963625082516133019910049521308481882057151756491621879721970374592936842905042153537810085545690928224202868798190939990558865479481969108422150629408800862502391613612669060564185111517814771473560848498862553185310578550998625747150430102741547768374720996
  // + 3.7612e-(same exponent - 1) i -> (-0, +0).
  // Re(w log z) = 7.269981168e38, cos(Im) = 1.0, sin(Im) = -2.4267e-95:
  // 1.3349691554817939587e+315731270474512903375481062398717112413 - 3.2395e+...318 i -> (+inf, -inf)
  // (MPC's own pow gave +inf for the imaginary part).
  EXPECT_EQ(complexOp("stablehlo.power", "f64",
                      {"(-1.2663384958726571e-86, -1.23527778347403e41), (4.529280670317457e-67, 9.072050739525076e+64)",
                       "(-1.608622767228662e278, -8.947873279762096e-290), (4.8605668594265716e+36, 6.626689794245877e-200)"}),
            (Bits{{0x8000000000000000, 0}, {0x7FF0000000000000, 0xFFF0000000000000}}));
  // (0.5 + 0.25i)^(3e30 + i): Re(w log z) = -1.744726153e30, sin = -0.94316, cos = -0.33235:
  // -1.2329654970914089418e-757724940713646593169351419869 - 3.4989903016039126582e-...869 i -> (-0, -0).
  EXPECT_EQ(complexOp("stablehlo.power", "f32", {"(0.5, 0.25)", "(3.0e30, 1.0)"}), (Bits{{0x80000000, 0x80000000}}));
}

TEST(ComplexSpeed, Atan2WithExactZeroParts) {
  // atan2(1, 1) (complex, zero imaginary parts): pi/4 = 0.78539816339744830962 -> 0x3F490FDB; the exact
  // imaginary part -log|Q| = -log 1 is 0, given as -0 (the convention: -(log 1) = -(+0)).
  // atan2(-1.1754942e-38 - 0i, -1.9295376e-8 - 0i): -3.1415926535897932385 (-pi + 6e-31) -> 0xC0490FDB, Im -0.
  // y = -0.5+0.5i, x = 1.5+1.5i: Q > 0 real: Re exactly 0 (+0), Im = ln(2)/2 = 0.34657359027997265471.
  // y = 1.5-1.5i, x = -0.5-0.5i: Q imaginary: pi/2 = 1.5707963267948966192, Im ln(2)/2.
  // y = -0.5-0.5i, x = -1.5+1.5i: Q < 0 real: pi = 3.1415926535897932385 (not -pi), Im ln(2)/2.
  EXPECT_EQ(complexOp("stablehlo.atan2", "f32",
                      {"(1.0, 0.0), (-1.1754942e-38, -0.0), (-0.5, 0.5), (1.5, -1.5), (-0.5, -0.5)",
                       "(1.0, 0.0), (-1.9295376e-8, -0.0), (1.5, 1.5), (-0.5, -0.5), (-1.5, 1.5)"}),
            (Bits{{0x3F490FDB, 0x80000000},
                  {0xC0490FDB, 0x80000000},
                  {0, 0x3EB17218},
                  {0x3FC90FDB, 0x3EB17218},
                  {0x40490FDB, 0x3EB17218}}));
  // f64: atan2(-5e-324 + 0i, 1.253168283544118e-211 - 0i) = -3.9425323185164449715e-113 (Im exactly 0: -0);
  // atan2(1+2i, 3-i) = 0.19025318855618244315 + 0.8418239574966185068 i (the generic path).
  EXPECT_EQ(complexOp("stablehlo.atan2", "f64", {"(-5.0e-324, 0.0), (1.0, 2.0)", "(1.253168283544118e-211, -0.0), (3.0, -1.0)"}),
            (Bits{{0xA89845BF4FF42670, 0x8000000000000000}, {0x3FC85A376B677DC0, 0x3FEAF038CBCDFE1F}}));
}

}  // namespace
}  // namespace hloconf
