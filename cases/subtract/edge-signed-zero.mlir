// Case: spec/subtract/edge-signed-zero
// IEEE-754: +0 - +0 = +0, -0 - +0 = -0, +0 - -0 = +0, x - x = +0.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0.0, -0.0, 0.0, 2.5]> : tensor<4xf32>
    %rhs = stablehlo.constant dense<[0.0, 0.0, -0.0, 2.5]> : tensor<4xf32>
    %result = stablehlo.subtract %lhs, %rhs : tensor<4xf32>
    check.expect_eq_const %result, dense<[0.0, -0.0, 0.0, 0.0]> : tensor<4xf32>
    func.return
  }
}
