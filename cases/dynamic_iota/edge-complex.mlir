// Case: spec/dynamic_iota/edge-complex
// complex<f32> iota along dimension 0 (imaginary parts +0.0).
module {
  func.func @main() {
    %output_shape = stablehlo.constant dense<[3, 1]> : tensor<2xi64>
    %result = "stablehlo.dynamic_iota"(%output_shape) {
      iota_dimension = 0 : i64
    } : (tensor<2xi64>) -> tensor<3x1xcomplex<f32>>
    check.expect_eq_const %result, dense<[[(0.0, 0.0)], [(1.0, 0.0)], [(2.0, 0.0)]]> : tensor<3x1xcomplex<f32>>
    func.return
  }
}
