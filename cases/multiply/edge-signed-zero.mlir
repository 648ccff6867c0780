// Case: spec/multiply/edge-signed-zero
// Sign of a zero product is the XOR of the signs: -0 * 5 = -0, -1 * 0 = -0, -0 * -0 = +0.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-0.0, -1.0, -0.0, 0.0]> : tensor<4xf32>
    %rhs = stablehlo.constant dense<[5.0, 0.0, -0.0, 3.0]> : tensor<4xf32>
    %result = stablehlo.multiply %lhs, %rhs : tensor<4xf32>
    check.expect_eq_const %result, dense<[-0.0, -0.0, 0.0, 0.0]> : tensor<4xf32>
    func.return
  }
}
