// Case: spec/power/edge-signed-zero
// pow(+-0, y): negative odd integer y -> +-inf; negative non-odd y -> +inf; positive odd y -> +-0; positive non-odd y -> +0.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0.0, -0.0, -0.0, -0.0, -0.0, -0.0]> : tensor<6xf32>
    %rhs = stablehlo.constant dense<[-1.0, -1.0, -2.0, 3.0, 2.0, 0.5]> : tensor<6xf32>
    %result = stablehlo.power %lhs, %rhs : tensor<6xf32>
    check.expect_eq_const %result, dense<[0x7F800000, 0xFF800000, 0x7F800000, -0.0, 0.0, 0.0]> : tensor<6xf32>
    func.return
  }
}
