// Case: spec/fft/edge-fft-batch
// A 1-D FFT over the last dimension of a 2x4 operand (dimension 0 is a batch).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[(1.0, 1.0), (0.0, 0.0), (-1.0, 0.0), (0.0, 2.0)], [(0.5, 0.0), (0.5, 0.0), (0.5, 0.0), (0.5, 0.0)]]> : tensor<2x4xcomplex<f32>>
    %result = "stablehlo.fft"(%operand) {
      fft_type = #stablehlo<fft_type FFT>,
      fft_length = array<i64: 4>
    } : (tensor<2x4xcomplex<f32>>) -> tensor<2x4xcomplex<f32>>
    check.expect_eq_const %result, dense<[[(0.0, 3.0), (0.0, 1.0), (0.0, -1.0), (4.0, 1.0)], [(2.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0)]]> : tensor<2x4xcomplex<f32>>
    func.return
  }
}
