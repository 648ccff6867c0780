// Case: spec-invalid/dot_general/invalid-c20-hybrid-result
// expect-invalid: dot_general C20
// A hybrid product (f32 lhs, rhs expressed in f32) with an f16 result.
module {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<3x4x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x4xf16> {
    %0 = "stablehlo.dot_general"(%arg0, %arg1) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3xf32>, tensor<3x4x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x4xf16>
    func.return %0 : tensor<2x4xf16>
  }
}
