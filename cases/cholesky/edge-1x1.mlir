// Case: spec/cholesky/edge-1x1
// A 1x1 matrix: the factor is sqrt(a) (f32, sqrt(6.25) = 2.5).
// Only the lower triangle is checked (the other one is implementation-defined):
// a select with a triangle mask sets it to zero before the check.
module {
  func.func @main() {
    %a = stablehlo.constant dense<[[6.25]]> : tensor<1x1xf32>
    %result = "stablehlo.cholesky"(%a) {
      lower = true
    } : (tensor<1x1xf32>) -> tensor<1x1xf32>
    %mask = stablehlo.constant dense<[[true]]> : tensor<1x1xi1>
    %zero = stablehlo.constant dense<[[0.0]]> : tensor<1x1xf32>
    %masked = "stablehlo.select"(%mask, %result, %zero) : (tensor<1x1xi1>, tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
    check.expect_eq_const %masked, dense<[[2.5]]> : tensor<1x1xf32>
    func.return
  }
}
