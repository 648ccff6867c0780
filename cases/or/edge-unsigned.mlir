// Case: spec/or/edge-unsigned
// Bitwise OR on ui16.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[65280, 0, 4660]> : tensor<3xui16>
    %rhs = stablehlo.constant dense<[255, 0, 22136]> : tensor<3xui16>
    %result = stablehlo.or %lhs, %rhs : tensor<3xui16>
    check.expect_eq_const %result, dense<[65535, 0, 22140]> : tensor<3xui16>
    func.return
  }
}
