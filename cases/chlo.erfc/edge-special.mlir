// Case: spec/chlo.erfc/edge-special
// erfc(+-0) = 1, erfc(+inf) = +0, erfc(-inf) = 2, NaN propagates.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.0, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<5xf32>
    %result = chlo.erfc %operand : tensor<5xf32> -> tensor<5xf32>
    check.expect_eq_const %result, dense<[1.0, 1.0, 0.0, 2.0, 0x7FC00000]> : tensor<5xf32>
    func.return
  }
}
