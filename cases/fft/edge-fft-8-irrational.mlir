// Case: spec/fft/edge-fft-8-irrational
// FFT of length 8 on complex<f64> [0, 1, 2, ..., 7]: the twiddle factors involve sqrt(2)/2, so the
// outputs 1, 3, 5, 7 are irrational; expected values are the exact DFT (mpmath) rounded once to f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (3.0, 0.0), (4.0, 0.0), (5.0, 0.0), (6.0, 0.0), (7.0, 0.0)]> : tensor<8xcomplex<f64>>
    %result = "stablehlo.fft"(%operand) {
      fft_type = #stablehlo<fft_type FFT>,
      fft_length = array<i64: 8>
    } : (tensor<8xcomplex<f64>>) -> tensor<8xcomplex<f64>>
    check.expect_eq_const %result, dense<[(28.0, 0.0), (-4.0, 9.65685424949238), (-4.0, 4.0), (-4.0, 1.6568542494923801), (-4.0, 0.0), (-4.0, -1.6568542494923801), (-4.0, -4.0), (-4.0, -9.65685424949238)]> : tensor<8xcomplex<f64>>
    func.return
  }
}
