// Case: spec/reduce_precision/edge-round-to-even
// Mantissa rounding is round-to-nearest-even: with 10 mantissa bits 1 + 2^-11 -> 1 (tie, even), 1 + 3*2^-11 -> 1 + 2^-9, 1 + 2^-11 + 2^-20 -> 1 + 2^-10.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0004883, 1.0014648, 1.0004892, -1.0004883]> : tensor<4xf32>
    %output = stablehlo.reduce_precision %operand, format = e5m10 : tensor<4xf32>
    check.expect_eq_const %output, dense<[1.0, 1.0019531, 1.0009766, -1.0]> : tensor<4xf32>
    func.return
  }
}
