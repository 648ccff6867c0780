// Case: spec/cholesky/edge-upper
// lower = false on the spec example matrix: the upper factor U with a = U^T U is the transpose
// of the lower factor.
// Only the upper triangle is checked (the other one is implementation-defined):
// a select with a triangle mask sets it to zero before the check.
module {
  func.func @main() {
    %a = stablehlo.constant dense<[[1.0, 2.0, 3.0], [2.0, 20.0, 26.0], [3.0, 26.0, 70.0]]> : tensor<3x3xf32>
    %result = "stablehlo.cholesky"(%a) {
      lower = false
    } : (tensor<3x3xf32>) -> tensor<3x3xf32>
    %mask = stablehlo.constant dense<[[true, true, true], [false, true, true], [false, false, true]]> : tensor<3x3xi1>
    %zero = stablehlo.constant dense<[[0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]> : tensor<3x3xf32>
    %masked = "stablehlo.select"(%mask, %result, %zero) : (tensor<3x3xi1>, tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
    check.expect_eq_const %masked, dense<[[1.0, 2.0, 3.0], [0.0, 4.0, 5.0], [0.0, 0.0, 6.0]]> : tensor<3x3xf32>
    func.return
  }
}
