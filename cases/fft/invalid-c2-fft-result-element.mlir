// Case: spec-invalid/fft/invalid-c2-fft-result-element
// expect-invalid: fft C2
// An FFT of complex<f32> into f32.
module {
  func.func @main(%arg0: tensor<4xcomplex<f32>>) -> tensor<4xf32> {
    %0 = "stablehlo.fft"(%arg0) {fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: 4>} : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
    func.return %0 : tensor<4xf32>
  }
}
