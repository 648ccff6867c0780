// Case: spec/maximum/edge-signed-zero
// IEEE-754 maximum treats -0 < +0: max(-0, +0) = max(+0, -0) = +0; max(-0, -0) = -0.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-0.0, 0.0, -0.0]> : tensor<3xf32>
    %rhs = stablehlo.constant dense<[0.0, -0.0, -0.0]> : tensor<3xf32>
    %result = stablehlo.maximum %lhs, %rhs : tensor<3xf32>
    check.expect_eq_const %result, dense<[0.0, 0.0, -0.0]> : tensor<3xf32>
    func.return
  }
}
