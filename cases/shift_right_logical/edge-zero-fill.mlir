// Case: spec/shift_right_logical/edge-zero-fill
// Logical shift fills with zeros: si8 -128 >> 7 = 1, -1 >> 1 = 127, -1 >> 7 = 1.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-128, -1, -1, 64]> : tensor<4xi8>
    %rhs = stablehlo.constant dense<[7, 1, 7, 6]> : tensor<4xi8>
    %result = stablehlo.shift_right_logical %lhs, %rhs : tensor<4xi8>
    check.expect_eq_const %result, dense<[1, 127, 1, 1]> : tensor<4xi8>
    func.return
  }
}
