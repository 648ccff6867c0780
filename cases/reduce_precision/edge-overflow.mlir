// Case: spec/reduce_precision/edge-overflow
// Values that round above the e5m10 maximum (65504) overflow to infinity with the original sign; 65519 stays finite.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[65520.0, -65520.0, 65519.0, 10000000000.0]> : tensor<4xf32>
    %output = stablehlo.reduce_precision %operand, format = e5m10 : tensor<4xf32>
    check.expect_eq_const %output, dense<[0x7F800000, 0xFF800000, 65504.0, 0x7F800000]> : tensor<4xf32>
    func.return
  }
}
