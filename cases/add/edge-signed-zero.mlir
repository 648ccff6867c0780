// Case: spec/add/edge-signed-zero
// IEEE-754 addition: -0 + -0 = -0, -0 + +0 = +0, x + (-x) = +0 in round-to-nearest.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-0.0, -0.0, 0.0, 1.5]> : tensor<4xf32>
    %rhs = stablehlo.constant dense<[-0.0, 0.0, -0.0, -1.5]> : tensor<4xf32>
    %result = stablehlo.add %lhs, %rhs : tensor<4xf32>
    check.expect_eq_const %result, dense<[-0.0, 0.0, 0.0, 0.0]> : tensor<4xf32>
    func.return
  }
}
