// Case: spec/reverse/edge-complex
// reverse on complex<f32>.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(1.0, 2.0), (3.0, -0.0), (5.0, 6.0)]> : tensor<3xcomplex<f32>>
    %result = "stablehlo.reverse"(%operand) {
      dimensions = array<i64: 0>
    } : (tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
    check.expect_eq_const %result, dense<[(5.0, 6.0), (3.0, -0.0), (1.0, 2.0)]> : tensor<3xcomplex<f32>>
    func.return
  }
}
