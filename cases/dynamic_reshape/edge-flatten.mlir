// Case: spec/dynamic_reshape/edge-flatten
// Row-major order is kept: 2x2x2 f32 -> 8.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[[0.0, 1.0], [2.0, 3.0]], [[4.0, 5.0], [6.0, 7.0]]]> : tensor<2x2x2xf32>
    %output_shape = stablehlo.constant dense<[8]> : tensor<1xi64>
    %result = "stablehlo.dynamic_reshape"(%operand, %output_shape) : (tensor<2x2x2xf32>, tensor<1xi64>) -> tensor<8xf32>
    check.expect_eq_const %result, dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]> : tensor<8xf32>
    func.return
  }
}
