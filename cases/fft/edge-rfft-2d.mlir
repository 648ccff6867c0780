// Case: spec/fft/edge-rfft-2d
// A 2-D RFFT of f64 2x4 (fft_length = [2, 4]) gives 2x3 complex<f64>.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1.0, 0.0, 2.0, 0.0], [0.0, 3.0, 0.0, -1.0]]> : tensor<2x4xf64>
    %result = "stablehlo.fft"(%operand) {
      fft_type = #stablehlo<fft_type RFFT>,
      fft_length = array<i64: 2, 4>
    } : (tensor<2x4xf64>) -> tensor<2x3xcomplex<f64>>
    check.expect_eq_const %result, dense<[[(5.0, 0.0), (-1.0, -4.0), (1.0, 0.0)], [(1.0, 0.0), (-1.0, 4.0), (5.0, 0.0)]]> : tensor<2x3xcomplex<f64>>
    func.return
  }
}
