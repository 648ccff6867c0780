// Case: spec/slice/edge-complex
// slice on complex<f32>.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(1.0, 2.0), (3.0, 4.0), (5.0, 6.0)]> : tensor<3xcomplex<f32>>
    %result = "stablehlo.slice"(%operand) {
      start_indices = array<i64: 1>,
      limit_indices = array<i64: 3>,
      strides = array<i64: 1>
    } : (tensor<3xcomplex<f32>>) -> tensor<2xcomplex<f32>>
    check.expect_eq_const %result, dense<[(3.0, 4.0), (5.0, 6.0)]> : tensor<2xcomplex<f32>>
    func.return
  }
}
