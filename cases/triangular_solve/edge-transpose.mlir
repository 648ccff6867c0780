// Case: spec/triangular_solve/edge-transpose
// transpose_a = TRANSPOSE with lower = true: solves a^T * x = b (a^T is upper-triangular), f64.
module {
  func.func @main() {
    %a = stablehlo.constant dense<[[2.0, 0.0, 0.0], [1.0, 4.0, 0.0], [-3.0, 2.0, 0.5]]> : tensor<3x3xf64>
    %b = stablehlo.constant dense<[[-24.0], [8.0], [4.0]]> : tensor<3x1xf64>
    %result = "stablehlo.triangular_solve"(%a, %b) {
      left_side = true,
      lower = true,
      unit_diagonal = false,
      transpose_a = #stablehlo<transpose TRANSPOSE>
    } : (tensor<3x3xf64>, tensor<3x1xf64>) -> tensor<3x1xf64>
    check.expect_eq_const %result, dense<[[1.0], [-2.0], [8.0]]> : tensor<3x1xf64>
    func.return
  }
}
