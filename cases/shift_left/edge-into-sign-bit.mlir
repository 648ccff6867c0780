// Case: spec/shift_left/edge-into-sign-bit
// Shifting into the sign bit of si8: 1 << 7 = -128, 64 << 1 = -128, -1 << 7 = -128, 3 << 7 = -128 (high bits dropped).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[1, 64, -1, 3]> : tensor<4xi8>
    %rhs = stablehlo.constant dense<[7, 1, 7, 7]> : tensor<4xi8>
    %result = stablehlo.shift_left %lhs, %rhs : tensor<4xi8>
    check.expect_eq_const %result, dense<[-128, -128, -128, -128]> : tensor<4xi8>
    func.return
  }
}
