// Case: spec/power/edge-nan
// pow with NaN operands (other than the exact-1 cases) is NaN; negative base with non-integer exponent is NaN.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0x7FC00000, 2.0, -8.0]> : tensor<3xf32>
    %rhs = stablehlo.constant dense<[2.0, 0x7FC00000, 0.5]> : tensor<3xf32>
    %result = stablehlo.power %lhs, %rhs : tensor<3xf32>
    check.expect_eq_const %result, dense<[0x7FC00000, 0x7FC00000, 0x7FC00000]> : tensor<3xf32>
    func.return
  }
}
