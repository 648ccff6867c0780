// Case: spec/triangular_solve/edge-batch
// A batch of two 2x2 systems (f32, left_side, upper).
module {
  func.func @main() {
    %a = stablehlo.constant dense<[[[2.0, 1.0], [0.0, 4.0]], [[0.5, -1.0], [0.0, 8.0]]]> : tensor<2x2x2xf32>
    %b = stablehlo.constant dense<[[[4.0], [8.0]], [[-1.75], [2.0]]]> : tensor<2x2x1xf32>
    %result = "stablehlo.triangular_solve"(%a, %b) {
      left_side = true,
      lower = false,
      unit_diagonal = false,
      transpose_a = #stablehlo<transpose NO_TRANSPOSE>
    } : (tensor<2x2x2xf32>, tensor<2x2x1xf32>) -> tensor<2x2x1xf32>
    check.expect_eq_const %result, dense<[[[1.0], [2.0]], [[-3.0], [0.25]]]> : tensor<2x2x1xf32>
    func.return
  }
}
