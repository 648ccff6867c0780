// Case: spec/fft/edge-fft-4
// FFT of [1, 2, 3, 4] (complex<f32>) gives [10, -2+2i, -2, -2-2i] (exact).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(1.0, 0.0), (2.0, 0.0), (3.0, 0.0), (4.0, 0.0)]> : tensor<4xcomplex<f32>>
    %result = "stablehlo.fft"(%operand) {
      fft_type = #stablehlo<fft_type FFT>,
      fft_length = array<i64: 4>
    } : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
    check.expect_eq_const %result, dense<[(10.0, 0.0), (-2.0, 2.0), (-2.0, 0.0), (-2.0, -2.0)]> : tensor<4xcomplex<f32>>
    func.return
  }
}
