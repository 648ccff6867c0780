// Case: spec/reduce_precision/edge-underflow
// Spec: values whose exponent is below the reduced range underflow to zero with the original sign (e5m10: 2^-15 and 2^-24 -> 0); 2^-14 is kept.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.000061035156, 0.000030517578, -0.000030517578, 5.9604645e-08]> : tensor<4xf32>
    %output = stablehlo.reduce_precision %operand, format = e5m10 : tensor<4xf32>
    check.expect_eq_const %output, dense<[0.000061035156, 0.0, -0.0, 0.0]> : tensor<4xf32>
    func.return
  }
}
