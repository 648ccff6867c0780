// Case: spec-invalid/triangular_solve/invalid-c2-rank-mismatch
// expect-invalid: triangular_solve C2
// a has rank 2, b rank 3.
module {
  func.func @main(%arg0: tensor<2x2xf32>, %arg1: tensor<1x2x2xf32>) -> tensor<1x2x2xf32> {
    %0 = "stablehlo.triangular_solve"(%arg0, %arg1) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x2xf32>, tensor<1x2x2xf32>) -> tensor<1x2x2xf32>
    func.return %0 : tensor<1x2x2xf32>
  }
}
