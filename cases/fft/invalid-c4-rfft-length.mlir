// Case: spec-invalid/fft/invalid-c4-rfft-length
// expect-invalid: fft C4
// An RFFT of 4 real elements with fft_length [8].
module {
  func.func @main(%arg0: tensor<4xf32>) -> tensor<5xcomplex<f32>> {
    %0 = "stablehlo.fft"(%arg0) {fft_type = #stablehlo<fft_type RFFT>, fft_length = array<i64: 8>} : (tensor<4xf32>) -> tensor<5xcomplex<f32>>
    func.return %0 : tensor<5xcomplex<f32>>
  }
}
