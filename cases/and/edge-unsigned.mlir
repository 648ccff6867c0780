// Case: spec/and/edge-unsigned
// Bitwise AND on ui8 including the maximum value.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[255, 240, 170]> : tensor<3xui8>
    %rhs = stablehlo.constant dense<[15, 60, 85]> : tensor<3xui8>
    %result = stablehlo.and %lhs, %rhs : tensor<3xui8>
    check.expect_eq_const %result, dense<[15, 48, 0]> : tensor<3xui8>
    func.return
  }
}
