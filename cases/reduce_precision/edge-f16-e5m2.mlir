// Case: spec/reduce_precision/edge-f16-e5m2
// e5m2 (an f8 format) on f16: 3 significant bits, ties to even; max e5m2 value is 57344.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.125, 1.375, 60000.0, 61440.0]> : tensor<4xf16>
    %output = stablehlo.reduce_precision %operand, format = e5m2 : tensor<4xf16>
    check.expect_eq_const %output, dense<[1.0, 1.5, 57344.0, 0x7C00]> : tensor<4xf16>
    func.return
  }
}
