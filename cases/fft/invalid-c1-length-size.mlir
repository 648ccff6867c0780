// Case: spec-invalid/fft/invalid-c1-length-size
// expect-invalid: fft C1
// fft_length has 2 entries for a rank-1 operand.
module {
  func.func @main(%arg0: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
    %0 = "stablehlo.fft"(%arg0) {fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: 4, 4>} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
    func.return %0 : tensor<4xcomplex<f32>>
  }
}
