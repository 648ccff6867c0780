// Case: spec/triangular_solve/edge-unit-diagonal
// unit_diagonal = true with a diagonal of ones (the case where its behaviour is defined), f32.
module {
  func.func @main() {
    %a = stablehlo.constant dense<[[1.0, 0.0, 0.0], [2.0, 1.0, 0.0], [-1.0, 3.0, 1.0]]> : tensor<3x3xf32>
    %b = stablehlo.constant dense<[[1.0, 0.0], [4.0, -1.0], [5.5, 1.0]]> : tensor<3x2xf32>
    %result = "stablehlo.triangular_solve"(%a, %b) {
      left_side = true,
      lower = true,
      unit_diagonal = true,
      transpose_a = #stablehlo<transpose NO_TRANSPOSE>
    } : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
    check.expect_eq_const %result, dense<[[1.0, 0.0], [2.0, -1.0], [0.5, 4.0]]> : tensor<3x2xf32>
    func.return
  }
}
