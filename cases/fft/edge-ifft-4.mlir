// Case: spec/fft/edge-ifft-4
// IFFT (with the 1/N factor) of [10, -2+2i, -2, -2-2i] gives [1, 2, 3, 4] (complex<f64>).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(10.0, 0.0), (-2.0, 2.0), (-2.0, 0.0), (-2.0, -2.0)]> : tensor<4xcomplex<f64>>
    %result = "stablehlo.fft"(%operand) {
      fft_type = #stablehlo<fft_type IFFT>,
      fft_length = array<i64: 4>
    } : (tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>>
    check.expect_eq_const %result, dense<[(1.0, 0.0), (2.0, 0.0), (3.0, 0.0), (4.0, 0.0)]> : tensor<4xcomplex<f64>>
    func.return
  }
}
