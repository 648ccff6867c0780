// Case: spec/dynamic_update_slice/edge-complex
// dynamic_update_slice on complex<f64>.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(1.0, 1.0), (2.0, 2.0), (3.0, 3.0)]> : tensor<3xcomplex<f64>>
    %update = stablehlo.constant dense<[(-0.0, -5.0)]> : tensor<1xcomplex<f64>>
    %start_indices0 = stablehlo.constant dense<1> : tensor<i32>
    %result = "stablehlo.dynamic_update_slice"(%operand, %update, %start_indices0)
      : (tensor<3xcomplex<f64>>, tensor<1xcomplex<f64>>, tensor<i32>) -> tensor<3xcomplex<f64>>
    check.expect_eq_const %result, dense<[(1.0, 1.0), (-0.0, -5.0), (3.0, 3.0)]> : tensor<3xcomplex<f64>>
    func.return
  }
}
