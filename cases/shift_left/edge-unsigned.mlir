// Case: spec/shift_left/edge-unsigned
// ui8 left shift drops the high bits: 255 << 4 = 240, 1 << 7 = 128.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[255, 1, 129]> : tensor<3xui8>
    %rhs = stablehlo.constant dense<[4, 7, 1]> : tensor<3xui8>
    %result = stablehlo.shift_left %lhs, %rhs : tensor<3xui8>
    check.expect_eq_const %result, dense<[240, 128, 2]> : tensor<3xui8>
    func.return
  }
}
