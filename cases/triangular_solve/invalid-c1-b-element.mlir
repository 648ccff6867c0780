// Case: spec-invalid/triangular_solve/invalid-c1-b-element
// expect-invalid: triangular_solve C1
// a is f32, b f64.
module {
  func.func @main(%arg0: tensor<2x2xf32>, %arg1: tensor<2x2xf64>) -> tensor<2x2xf64> {
    %0 = "stablehlo.triangular_solve"(%arg0, %arg1) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x2xf32>, tensor<2x2xf64>) -> tensor<2x2xf64>
    func.return %0 : tensor<2x2xf64>
  }
}
