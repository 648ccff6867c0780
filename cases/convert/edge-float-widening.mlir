// Case: spec/convert/edge-float-widening
// f32 -> f64 is exact, preserving -0, inf, NaN-ness and subnormals.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-0.0, 0x7F800000, 0x7FC00000, 0x00000001, 0.1]> : tensor<5xf32>
    %result = stablehlo.convert %operand : (tensor<5xf32>) -> tensor<5xf64>
    check.expect_eq_const %result, dense<[-0.0, 0x7FF0000000000000, 0x7FF8000000000000, 1.401298464324817e-45, 0.10000000149011612]> : tensor<5xf64>
    func.return
  }
}
