// Case: spec/fft/edge-fft-2d
// A 2-D FFT (fft_length = [2, 2]) on complex<f64>.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[(1.0, 2.0), (3.0, -4.0)], [(-5.0, 6.0), (-7.0, -8.0)]]> : tensor<2x2xcomplex<f64>>
    %result = "stablehlo.fft"(%operand) {
      fft_type = #stablehlo<fft_type FFT>,
      fft_length = array<i64: 2, 2>
    } : (tensor<2x2xcomplex<f64>>) -> tensor<2x2xcomplex<f64>>
    check.expect_eq_const %result, dense<[[(-8.0, -4.0), (0.0, 20.0)], [(16.0, 0.0), (-4.0, -8.0)]]> : tensor<2x2xcomplex<f64>>
    func.return
  }
}
