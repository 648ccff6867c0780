// Case: spec/transpose/edge-2d
// A plain matrix transpose (2x3 -> 3x2) on f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
    %result = "stablehlo.transpose"(%operand) {
      permutation = array<i64: 1, 0>
    } : (tensor<2x3xf32>) -> tensor<3x2xf32>
    check.expect_eq_const %result, dense<[[1.0, 4.0], [2.0, 5.0], [3.0, 6.0]]> : tensor<3x2xf32>
    func.return
  }
}
