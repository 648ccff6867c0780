// Case: spec/shift_right_logical/edge-unsigned
// ui8 logical shift: 255 >> 7 = 1, 128 >> 1 = 64.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[255, 128, 1]> : tensor<3xui8>
    %rhs = stablehlo.constant dense<[7, 1, 0]> : tensor<3xui8>
    %result = stablehlo.shift_right_logical %lhs, %rhs : tensor<3xui8>
    check.expect_eq_const %result, dense<[1, 64, 1]> : tensor<3xui8>
    func.return
  }
}
