// Case: spec/shift_right_arithmetic/edge-sign-extension
// Arithmetic shift replicates the sign bit: si8 -128 >> 7 = -1, -128 >> 1 = -64, -7 >> 1 = -4 (rounds toward -inf).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-128, -128, -7, 127]> : tensor<4xi8>
    %rhs = stablehlo.constant dense<[7, 1, 1, 6]> : tensor<4xi8>
    %result = stablehlo.shift_right_arithmetic %lhs, %rhs : tensor<4xi8>
    check.expect_eq_const %result, dense<[-1, -64, -4, 1]> : tensor<4xi8>
    func.return
  }
}
