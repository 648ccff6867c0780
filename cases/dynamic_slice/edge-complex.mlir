// Case: spec/dynamic_slice/edge-complex
// dynamic_slice on complex<f32>.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(1.0, 2.0), (3.0, 4.0), (5.0, 6.0)]> : tensor<3xcomplex<f32>>
    %start_indices0 = stablehlo.constant dense<2> : tensor<i64>
    %result = "stablehlo.dynamic_slice"(%operand, %start_indices0) {
      slice_sizes = array<i64: 2>
    } : (tensor<3xcomplex<f32>>, tensor<i64>) -> tensor<2xcomplex<f32>>
    check.expect_eq_const %result, dense<[(3.0, 4.0), (5.0, 6.0)]> : tensor<2xcomplex<f32>>
    func.return
  }
}
