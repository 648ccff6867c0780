// Case: spec/pad/edge-complex
// pad on complex<f32> with a complex padding value.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f32>>
    %padding_value = stablehlo.constant dense<(-0.0, 1.0)> : tensor<complex<f32>>
    %result = "stablehlo.pad"(%operand, %padding_value) {
      edge_padding_low = array<i64: 1>,
      edge_padding_high = array<i64: 0>,
      interior_padding = array<i64: 1>
    } : (tensor<2xcomplex<f32>>, tensor<complex<f32>>) -> tensor<4xcomplex<f32>>
    check.expect_eq_const %result, dense<[(-0.0, 1.0), (1.0, 2.0), (-0.0, 1.0), (3.0, 4.0)]> : tensor<4xcomplex<f32>>
    func.return
  }
}
