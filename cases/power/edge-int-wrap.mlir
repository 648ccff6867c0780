// Case: spec/power/edge-int-wrap
// Integer exponentiation wraps like repeated two's-complement multiplication (si8: 2^7 = -128, 3^5 = 243 - 256 = -13).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[2, 3, -2]> : tensor<3xi8>
    %rhs = stablehlo.constant dense<[7, 5, 7]> : tensor<3xi8>
    %result = stablehlo.power %lhs, %rhs : tensor<3xi8>
    check.expect_eq_const %result, dense<[-128, -13, -128]> : tensor<3xi8>
    func.return
  }
}
