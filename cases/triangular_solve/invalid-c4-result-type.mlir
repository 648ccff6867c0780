// Case: spec-invalid/triangular_solve/invalid-c4-result-type
// expect-invalid: triangular_solve C4
// The result has another shape than b.
module {
  func.func @main(%arg0: tensor<2x2xf32>, %arg1: tensor<2x2xf32>) -> tensor<2x3xf32> {
    %0 = "stablehlo.triangular_solve"(%arg0, %arg1) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x3xf32>
    func.return %0 : tensor<2x3xf32>
  }
}
