// Case: spec/cholesky/example-1
// From the spec's `cholesky` example (lower = true). The spec writes the result type as
// tensor<3x3xf64> for an f32 input, which (C1) rules out; the case uses f32 for both.
// Only the lower triangle is checked (the other one is implementation-defined):
// a select with a triangle mask sets it to zero before the check.
module {
  func.func @main() {
    %a = stablehlo.constant dense<[[1.0, 2.0, 3.0], [2.0, 20.0, 26.0], [3.0, 26.0, 70.0]]> : tensor<3x3xf32>
    %result = "stablehlo.cholesky"(%a) {
      lower = true
    } : (tensor<3x3xf32>) -> tensor<3x3xf32>
    %mask = stablehlo.constant dense<[[true, false, false], [true, true, false], [true, true, true]]> : tensor<3x3xi1>
    %zero = stablehlo.constant dense<[[0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]> : tensor<3x3xf32>
    %masked = "stablehlo.select"(%mask, %result, %zero) : (tensor<3x3xi1>, tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
    check.expect_eq_const %masked, dense<[[1.0, 0.0, 0.0], [2.0, 4.0, 0.0], [3.0, 5.0, 6.0]]> : tensor<3x3xf32>
    func.return
  }
}
