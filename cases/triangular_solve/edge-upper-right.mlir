// Case: spec/triangular_solve/edge-upper-right
// left_side = false, lower = false: solves x * a = b for upper-triangular a (f32).
module {
  func.func @main() {
    %a = stablehlo.constant dense<[[4.0, 1.0, -2.0], [0.0, 2.0, 3.0], [0.0, 0.0, 1.0]]> : tensor<3x3xf32>
    %b = stablehlo.constant dense<[[4.0, 5.0, 7.0], [-4.0, 0.0, 3.75]]> : tensor<2x3xf32>
    %result = "stablehlo.triangular_solve"(%a, %b) {
      left_side = false,
      lower = false,
      unit_diagonal = false,
      transpose_a = #stablehlo<transpose NO_TRANSPOSE>
    } : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    check.expect_eq_const %result, dense<[[1.0, 2.0, 3.0], [-1.0, 0.5, 0.25]]> : tensor<2x3xf32>
    func.return
  }
}
