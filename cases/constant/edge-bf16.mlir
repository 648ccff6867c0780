// Case: spec/constant/edge-bf16
// bf16 constants: max, -0.0, -inf, 0.1 rounded.
module {
  func.func @main() {
    %c = stablehlo.constant dense<[3.39e+38, -0.0, 0xFF80, 0.1]> : tensor<4xbf16>
    check.expect_eq_const %c, dense<[3.39e+38, -0.0, 0xFF80, 0.1]> : tensor<4xbf16>
    func.return
  }
}
