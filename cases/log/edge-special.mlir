// Case: spec/log/edge-special
// log(+-0) = -inf, log(1) = +0, log(+inf) = +inf, log(negative) = NaN, log(-inf) = NaN.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.0, -0.0, 1.0, 0x7F800000, -1.0, 0xFF800000, 0x7FC00000]> : tensor<7xf32>
    %result = stablehlo.log %operand : tensor<7xf32>
    check.expect_eq_const %result, dense<[0xFF800000, 0xFF800000, 0.0, 0x7F800000, 0x7FC00000, 0x7FC00000, 0x7FC00000]> : tensor<7xf32>
    func.return
  }
}
