// Case: spec-invalid/fft/invalid-c5-result-shape
// expect-invalid: fft C5
// An RFFT of 4 elements gives 3, the result has 4.
module {
  func.func @main(%arg0: tensor<4xf32>) -> tensor<4xcomplex<f32>> {
    %0 = "stablehlo.fft"(%arg0) {fft_type = #stablehlo<fft_type RFFT>, fft_length = array<i64: 4>} : (tensor<4xf32>) -> tensor<4xcomplex<f32>>
    func.return %0 : tensor<4xcomplex<f32>>
  }
}
