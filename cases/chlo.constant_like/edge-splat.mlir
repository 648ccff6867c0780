// Case: spec/chlo.constant_like/edge-splat
// constant_like: the scalar value at every position of the operand's shape.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
    %result = "chlo.constant_like"(%operand) {value = 2.5 : f32} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    check.expect_eq_const %result, dense<[[2.5, 2.5], [2.5, 2.5]]> : tensor<2x2xf32>
    func.return
  }
}
