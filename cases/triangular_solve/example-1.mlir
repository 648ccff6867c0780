// Case: spec/triangular_solve/example-1
// From the spec's `triangular_solve` example (f32, left_side, lower, NO_TRANSPOSE): the solution is 2 * I.
module {
  func.func @main() {
    %a = stablehlo.constant dense<[[1.0, 0.0, 0.0], [2.0, 4.0, 0.0], [3.0, 5.0, 6.0]]> : tensor<3x3xf32>
    %b = stablehlo.constant dense<[[2.0, 0.0, 0.0], [4.0, 8.0, 0.0], [6.0, 10.0, 12.0]]> : tensor<3x3xf32>
    %result = "stablehlo.triangular_solve"(%a, %b) {
      left_side = true,
      lower = true,
      unit_diagonal = false,
      transpose_a = #stablehlo<transpose NO_TRANSPOSE>
    } : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
    check.expect_eq_const %result, dense<[[2.0, 0.0, 0.0], [0.0, 2.0, 0.0], [0.0, 0.0, 2.0]]> : tensor<3x3xf32>
    func.return
  }
}
