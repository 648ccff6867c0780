// Case: spec-invalid/triangular_solve/invalid-c3-b-rows
// expect-invalid: triangular_solve C3
// With left_side, dim(b, -2) must equal dim(a, -1) = 2; it is 3.
module {
  func.func @main(%arg0: tensor<2x2xf32>, %arg1: tensor<3x2xf32>) -> tensor<3x2xf32> {
    %0 = "stablehlo.triangular_solve"(%arg0, %arg1) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
    func.return %0 : tensor<3x2xf32>
  }
}
