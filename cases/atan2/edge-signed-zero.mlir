// Case: spec/atan2/edge-signed-zero
// IEEE-754 atan2: (+0, +0) = +0, (-0, +0) = -0, (+0, -0) = +pi, (-0, -0) = -pi, (+0, -1) = +pi, (-0, 1) = -0.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0.0, -0.0, 0.0, -0.0, 0.0, -0.0]> : tensor<6xf32>
    %rhs = stablehlo.constant dense<[0.0, 0.0, -0.0, -0.0, -1.0, 1.0]> : tensor<6xf32>
    %result = stablehlo.atan2 %lhs, %rhs : tensor<6xf32>
    check.expect_eq_const %result, dense<[0.0, -0.0, 3.1415927, -3.1415927, 3.1415927, -0.0]> : tensor<6xf32>
    func.return
  }
}
