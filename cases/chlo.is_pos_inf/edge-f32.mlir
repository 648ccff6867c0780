// Case: spec/chlo.is_pos_inf/edge-f32
// chlo.is_pos_inf is true exactly for +inf; finite values and NaN are not infinite.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0x7F800000, 0xFF800000, 3.4028235e+38, 0.0, 0x7FC00000]> : tensor<5xf32>
    %result = chlo.is_pos_inf %operand : tensor<5xf32> -> tensor<5xi1>
    check.expect_eq_const %result, dense<[true, false, false, false, false]> : tensor<5xi1>
    func.return
  }
}
