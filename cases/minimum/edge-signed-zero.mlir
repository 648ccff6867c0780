// Case: spec/minimum/edge-signed-zero
// IEEE-754 minimum treats -0 < +0: min(-0, +0) = min(+0, -0) = -0; min(+0, +0) = +0.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-0.0, 0.0, 0.0]> : tensor<3xf32>
    %rhs = stablehlo.constant dense<[0.0, -0.0, 0.0]> : tensor<3xf32>
    %result = stablehlo.minimum %lhs, %rhs : tensor<3xf32>
    check.expect_eq_const %result, dense<[-0.0, -0.0, 0.0]> : tensor<3xf32>
    func.return
  }
}
