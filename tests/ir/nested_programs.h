// Programs that nest regions deeply, for the tests of the nesting limit (ir/asm_parser.h,
// kMaxRegionNesting) in the parser and in everything that walks the IR after it.
#ifndef HLOCONF_TESTS_IR_NESTED_PROGRAMS_H_
#define HLOCONF_TESTS_IR_NESTED_PROGRAMS_H_

#include <string>

namespace hloconf::test {

// @main with `depth` whiles, each in the body of the one before, each running once: it returns `depth`.
// Its regions nest depth + 2 levels (the module's and the function's are two).
inline std::string nestedWhiles(int depth) {
  std::string text =
      "func.func @main() -> tensor<i32> {\n  %one = stablehlo.constant dense<1> : tensor<i32>\n"
      "  %zero = stablehlo.constant dense<0> : tensor<i32>\n";
  std::string closing;
  for (int k = 0; k < depth; ++k) {
    const std::string a = "%a" + std::to_string(k), init = k == 0 ? "%zero" : "%a" + std::to_string(k - 1);
    text += "%w" + std::to_string(k) + " = stablehlo.while(" + a + " = " + init + ") : tensor<i32>\ncond {\n  %p = stablehlo.compare LT, " +
            a + ", %one : (tensor<i32>, tensor<i32>) -> tensor<i1>\n  stablehlo.return %p : tensor<i1>\n} do {\n";
    const std::string inner = k + 1 < depth ? "%w" + std::to_string(k + 1) : a;
    closing = "  %s = stablehlo.add " + inner + ", %one : tensor<i32>\n  stablehlo.return %s : tensor<i32>\n}\n" + closing;
  }
  return text + closing + "  return %w0 : tensor<i32>\n}\n";
}

}  // namespace hloconf::test

#endif  // HLOCONF_TESTS_IR_NESTED_PROGRAMS_H_
