// Case: spec/remainder/edge-signed-zero
// A zero remainder keeps the sign of the dividend: -4 % 2 = -0, -0 % 3 = -0, 4 % -2 = +0.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-4.0, -0.0, 4.0, 0.0]> : tensor<4xf32>
    %rhs = stablehlo.constant dense<[2.0, 3.0, -2.0, 0x7F800000]> : tensor<4xf32>
    %result = stablehlo.remainder %lhs, %rhs : tensor<4xf32>
    check.expect_eq_const %result, dense<[-0.0, -0.0, 0.0, 0.0]> : tensor<4xf32>
    func.return
  }
}
