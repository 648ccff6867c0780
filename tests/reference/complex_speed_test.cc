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

TEST(ComplexSpeed, Expm1OfVeryNegativeRealPart) {
  // a <= -1100 (the shortcut), each part rounds to (-1, zero of the sign of sin b):
  // (-1100, 2): -1.0 + 1.7170220346484976878e-478 i -> (-1, +0); (-1100, -2): Im -1.717e-478 -> (-1, -0);
  // (-1e30, 3): -1.0 + 8.0264053575949507984e-434294481903251836286911761063 i -> (-1, +0);
  // (-1.7976931348623157e308, -744.4400719213812): Im -4.294e-78072820862606201654737339177799637492...
  //   -> (-1, -0) (MPFR's exp(a) underflowed there: this one ran the loop to its 65536-bit cap);
  // (-1.7976931348623155e308, 709.782712893384): Im -7.42e-7807282086260619298691300726773064378... -> (-1, -0);
  // (-6.682206144835439e71, 1.708643323403268e34): Im 1.219e-290204525564203286941607776052574500603... -> (-1, +0);
  // (-1e30, -0.0): the real axis, expm1(-1e30) = -1 exactly rounded, Im -0 (the sign of b).
  // Just above the threshold (the general step): (-1099.9, 1): -1.0 + 1.7560565610944591068e-478 i -> (-1, +0);
  // (-1099.9, -4): Im 1.5793628197905684458e-478 -> (-1, +0); (-700, 1): -1.0 + 8.2966317311648516788e-305 i;
  // (-740, -1): -1.0 - 3.5247030719681420247e-322 i (subnormal, 71 ulps of 2^-1074).
  EXPECT_EQ(complexOp("stablehlo.exponential_minus_one", "f64",
                      {"(-1100.0, 2.0), (-1100.0, -2.0), (-1.0e30, 3.0), (-1.7976931348623157e308, -744.4400719213812), "
                       "(-1.7976931348623155e308, 709.782712893384), (-6.682206144835439e71, 1.708643323403268e34), "
                       "(-1.0e30, -0.0), (-1099.9, 1.0), (-1099.9, -4.0), (-700.0, 1.0), (-740.0, -1.0)"}),
            (Bits{{0xBFF0000000000000, 0},
                  {0xBFF0000000000000, 0x8000000000000000},
                  {0xBFF0000000000000, 0},
                  {0xBFF0000000000000, 0x8000000000000000},
                  {0xBFF0000000000000, 0x8000000000000000},
                  {0xBFF0000000000000, 0},
                  {0xBFF0000000000000, 0x8000000000000000},
                  {0xBFF0000000000000, 0},
                  {0xBFF0000000000000, 0},
                  {0xBFF0000000000000, 0x00CD216621C543DB},
                  {0xBFF0000000000000, 0x8000000000000047}}));
  // f32: (-1.4236906e30, 8.978817e26): Im 2.2667827070734282074e-618300964905310839662364709748 -> (-1, +0);
  // (-3.4028233e38, -2): Im -1.0925892711659187296e-147782736625664066726670548583834402412 -> (-1, -0);
  // (-1100, 4): Im -1.429066576001420439e-478 -> (-1, -0); (-1099.5, 4) (general step): Im
  // -2.3561324611001431616e-478 -> (-1, -0); (-100, 1): -1.0 + 3.1303359951024496278e-44 i (subnormal
  // 22 * 2^-149); (-1e30, 0.0): (-1, +0).
  EXPECT_EQ(complexOp("stablehlo.exponential_minus_one", "f32",
                      {"(-1.4236906e30, 8.978817e26), (-3.4028233e38, -2.0), (-1100.0, 4.0), (-1099.5, 4.0), (-100.0, 1.0), "
                       "(-1.0e30, 0.0)"}),
            (Bits{{0xBF800000, 0}, {0xBF800000, 0x80000000}, {0xBF800000, 0x80000000}, {0xBF800000, 0x80000000},
                  {0xBF800000, 0x00000016}, {0xBF800000, 0}}));
}

TEST(ComplexSpeed, TanOfTinyParts) {
  // tan(x + iy) = -i tanh(-y + ix); the tanh formula now also serves |y| < 1/2 when cos 2x >= -3/4.
  // tan(1e-300 + 1e-300i) = 1.0000000000000000251e-300 (1 + i);
  // tan(0.3 + 1e-300i) = 0.30933624960962322087 + 1.0956889153225471497e-300 i;
  // tan(1e-300 + 0.3i) = 9.1513696182662923199e-301 + 0.29131261245159089566 i;
  // tan(5e-324 + 5e-324i) = 4.9406564584124654418e-324 (1 + i) (one ulp each);
  // tan(1.2 + 1e-5i) (cos 2.4 = -0.737: the formula) = 2.5721516201673771914 + 0.000076159639619144928964 i;
  // tan(1.22 + 1e-5i) (cos 2.44 = -0.765: MPC) = 2.7327541969926334088 + 0.000084679455072224040458 i;
  // tan(1.5707963267948966 + 1e-300i) (MPC) = 16331239353195369.756 + 2.6670937881135712579e-268 i;
  // tan(2.225073858507201e-308 + 5.663765684720445e-94i) = 2.225073858507200889e-308 (subnormal) +
  //   5.6637656847204452426e-94 i.
  EXPECT_EQ(complexOp("stablehlo.tan", "f64",
                      {"(1.0e-300, 1.0e-300), (0.3, 1.0e-300), (1.0e-300, 0.3), (5.0e-324, 5.0e-324), (1.2, 1.0e-5), "
                       "(1.22, 1.0e-5), (1.5707963267948966, 1.0e-300), (2.225073858507201e-308, 5.663765684720445e-94)"}),
            (Bits{{0x01A56E1FC2F8F359, 0x01A56E1FC2F8F359},
                  {0x3FD3CC2A44E29998, 0x01A77B15D8343A66},
                  {0x01A39C8E0EBF34B0, 0x3FD2A4DDA7D914FA},
                  {0x0000000000000001, 0x0000000000000001},
                  {0x400493C43A87C745, 0x3F13F6FCA5505CF4},
                  {0x4005DCAE3B80B887, 0x3F1632BDF5F14D1C},
                  {0x434D02967C31CDB5, 0x08619CD5DCBAC612},
                  {0x000FFFFFFFFFFFFF, 0x2C92E7178F54FD71}}));
  // f32: tan(1e-30 + 1e-30i) = 1.000000003171076851e-30 (1 + i); tan(1e-45 + 1e-45i) (the smallest
  // subnormal, 1.4012984643248170709e-45) = the same value (1 + i); tan(0.5 - 1e-20i) =
  // 0.54630248984379051326 - 1.2984463692040064913e-20 i.
  EXPECT_EQ(complexOp("stablehlo.tan", "f32", {"(1.0e-30, 1.0e-30), (1.0e-45, 1.0e-45), (0.5, -1.0e-20)"}),
            (Bits{{0x0DA24260, 0x0DA24260}, {0x00000001, 0x00000001}, {0x3F0BDA7B, 0x9E754503}}));
}

TEST(ComplexSpeed, LogisticWithPositiveCosine) {
  // x < 1 with cos y > 0 takes the relative-error step (it used to need thousands of bits in MPC's):
  // (1.2438423486966622e-307, 4.9283471856681476e-235): 0.5 + 1.2320867964170369047e-235 i;
  // (-1, -2.7743386231358718e-298): 0.26894142136999512075 - 5.4546808016125470109e-299 i;
  // (0, 1): exactly 0.5 + tan(1/2)/2 i = 0.5 + 0.27315124492189525663 i;
  // (-500, 1): 3.8494250608960618597e-218 + 5.99512432531969416e-218 i;
  // (0.5, 1.5707963267948966) (cos y = 6.1e-17 > 0): 0.7310585786300048667 + 0.44340944198503693025 i;
  // (0.5, 1.5707963267948968) (cos y < 0: MPC): 0.7310585786300049122 + 0.44340944198503701756 i;
  // (0.5, 2) (MPC): 0.86620561623201527978 + 0.63901904511185457567 i;
  // (-1099, -0.5) (E = e^1099): 4.5045599715138257827e-478 - 2.4608523280886770933e-478 i -> (+0, -0);
  // (5e-324, 5e-324): 0.5 + 1.2351641146031163604e-324 i -> (0.5, +0) (below half the smallest subnormal).
  EXPECT_EQ(complexOp("stablehlo.logistic", "f64",
                      {"(1.2438423486966622e-307, 4.9283471856681476e-235), (-1.0, -2.7743386231358718e-298), (0.0, 1.0), "
                       "(-500.0, 1.0), (0.5, 1.5707963267948966), (0.5, 1.5707963267948968), (0.5, 2.0), (-1099.0, -0.5), "
                       "(5.0e-324, 5.0e-324)"}),
            (Bits{{0x3FE0000000000000, 0x0F29126A821A4E64},
                  {0x3FD136561454BA86, 0x820243CA39AF64A9},
                  {0x3FE0000000000000, 0x3FD17B4F5BF3474A},
                  {0x12CB2D54CDED1079, 0x12D529B362FDEB44},
                  {0x3FE764D4F5D5A2BD, 0x3FDC60D1FF040DD0},
                  {0x3FE764D4F5D5A2BD, 0x3FDC60D1FF040DD1},
                  {0x3FEBB7F4D72A7F3E, 0x3FE472D81188D99D},
                  {0, 0x8000000000000000},
                  {0x3FE0000000000000, 0}}));
  // f32: (1e-30, 1e-38): 0.5 + 2.4999998376141009811e-39 i (subnormal); (-20, 0.25): 1.9970773441063294552e-9
  // + 5.0993756478633177817e-10 i; (0.5, -3) (MPC): 2.3930544684073869348 - 0.51266603061466962134 i.
  EXPECT_EQ(complexOp("stablehlo.logistic", "f32", {"(1.0e-30, 1.0e-38), (-20.0, 0.25), (0.5, -3.0)"}),
            (Bits{{0x3F000000, 0x001B38FB}, {0x31093CF5, 0x300C2BAB}, {0x401927CE, 0xBF033E15}}));
}

}  // namespace
}  // namespace hloconf
