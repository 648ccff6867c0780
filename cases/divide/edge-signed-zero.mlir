// Case: spec/divide/edge-signed-zero
// 0 / -5 = -0, -0 / -5 = +0.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0.0, -0.0]> : tensor<2xf32>
    %rhs = stablehlo.constant dense<[-5.0, -5.0]> : tensor<2xf32>
    %result = stablehlo.divide %lhs, %rhs : tensor<2xf32>
    check.expect_eq_const %result, dense<[-0.0, 0.0]> : tensor<2xf32>
    func.return
  }
}
