// Case: spec/cholesky/edge-f64-4x4
// A 4x4 f64 matrix with a dyadic lower factor (every step of the factorisation is exact).
// Only the lower triangle is checked (the other one is implementation-defined):
// a select with a triangle mask sets it to zero before the check.
module {
  func.func @main() {
    %a = stablehlo.constant dense<[[4.0, -2.0, 1.0, 2.0], [-2.0, 1.25, 1.0, -2.0], [1.0, 1.0, 25.25, -4.5], [2.0, -2.0, -4.5, 6.0625]]> : tensor<4x4xf64>
    %result = "stablehlo.cholesky"(%a) {
      lower = true
    } : (tensor<4x4xf64>) -> tensor<4x4xf64>
    %mask = stablehlo.constant dense<[[true, false, false, false], [true, true, false, false], [true, true, true, false], [true, true, true, true]]> : tensor<4x4xi1>
    %zero = stablehlo.constant dense<[[0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]]> : tensor<4x4xf64>
    %masked = "stablehlo.select"(%mask, %result, %zero) : (tensor<4x4xi1>, tensor<4x4xf64>, tensor<4x4xf64>) -> tensor<4x4xf64>
    check.expect_eq_const %masked, dense<[[2.0, 0.0, 0.0, 0.0], [-1.0, 0.5, 0.0, 0.0], [0.5, 3.0, 4.0, 0.0], [1.0, -2.0, 0.25, 1.0]]> : tensor<4x4xf64>
    func.return
  }
}
