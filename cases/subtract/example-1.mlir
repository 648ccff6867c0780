// Case: spec/subtract/example-1
// From the spec's `subtract` example (f32 tensors with integral values).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[6.0, 8.0], [10.0, 12.0]]> : tensor<2x2xf32>
    %rhs = stablehlo.constant dense<[[5.0, 6.0], [7.0, 8.0]]> : tensor<2x2xf32>
    %result = stablehlo.subtract %lhs, %rhs : tensor<2x2xf32>
    check.expect_eq_const %result, dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
    func.return
  }
}
