// Case: spec/reshape/edge-unflatten
// 12 -> 3x2x2 fills in row-major order.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0]> : tensor<12xf32>
    %result = "stablehlo.reshape"(%operand) : (tensor<12xf32>) -> tensor<3x2x2xf32>
    check.expect_eq_const %result, dense<[[[0.0, 1.0], [2.0, 3.0]], [[4.0, 5.0], [6.0, 7.0]], [[8.0, 9.0], [10.0, 11.0]]]> : tensor<3x2x2xf32>
    func.return
  }
}
