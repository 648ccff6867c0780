// Case: spec/fft/example-1
// From the spec's `fft` example (complex<f32>, FFT of a unit impulse, fft_length = [4]).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(1.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0)]> : tensor<4xcomplex<f32>>
    %result = "stablehlo.fft"(%operand) {
      fft_type = #stablehlo<fft_type FFT>,
      fft_length = array<i64: 4>
    } : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
    check.expect_eq_const %result, dense<[(1.0, 0.0), (1.0, 0.0), (1.0, 0.0), (1.0, 0.0)]> : tensor<4xcomplex<f32>>
    func.return
  }
}
