// Case: spec/triangular_solve/edge-other-triangle-ignored
// lower = true with junk (99.0) in the strict upper triangle of a: the spec reads a only
// from the lower triangle, so the junk does not change the solution.
module {
  func.func @main() {
    %a = stablehlo.constant dense<[[2.0, 99.0, 99.0], [1.0, 4.0, 99.0], [-3.0, 2.0, 0.5]]> : tensor<3x3xf32>
    %b = stablehlo.constant dense<[[2.0, -4.0], [13.0, 0.0], [2.5, 9.0]]> : tensor<3x2xf32>
    %result = "stablehlo.triangular_solve"(%a, %b) {
      left_side = true,
      lower = true,
      unit_diagonal = false,
      transpose_a = #stablehlo<transpose NO_TRANSPOSE>
    } : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
    check.expect_eq_const %result, dense<[[1.0, -2.0], [3.0, 0.5], [-1.0, 4.0]]> : tensor<3x2xf32>
    func.return
  }
}
