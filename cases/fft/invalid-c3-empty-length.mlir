// Case: spec-invalid/fft/invalid-c3-empty-length
// expect-invalid: fft C3
// fft_length is empty; it needs 1 to 3 entries.
module {
  func.func @main(%arg0: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
    %0 = "stablehlo.fft"(%arg0) {fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64>} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
    func.return %0 : tensor<4xcomplex<f32>>
  }
}
