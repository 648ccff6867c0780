// Case: spec/cholesky/edge-batch
// A batch of two 2x2 f32 matrices (shape 2x2x2).
// Only the lower triangle is checked (the other one is implementation-defined):
// a select with a triangle mask sets it to zero before the check.
module {
  func.func @main() {
    %a = stablehlo.constant dense<[[[4.0, 2.0], [2.0, 10.0]], [[0.25, -2.0], [-2.0, 80.0]]]> : tensor<2x2x2xf32>
    %result = "stablehlo.cholesky"(%a) {
      lower = true
    } : (tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
    %mask = stablehlo.constant dense<[[[true, false], [true, true]], [[true, false], [true, true]]]> : tensor<2x2x2xi1>
    %zero = stablehlo.constant dense<[[[0.0, 0.0], [0.0, 0.0]], [[0.0, 0.0], [0.0, 0.0]]]> : tensor<2x2x2xf32>
    %masked = "stablehlo.select"(%mask, %result, %zero) : (tensor<2x2x2xi1>, tensor<2x2x2xf32>, tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
    check.expect_eq_const %masked, dense<[[[2.0, 0.0], [1.0, 3.0]], [[0.5, 0.0], [-4.0, 8.0]]]> : tensor<2x2x2xf32>
    func.return
  }
}
