// Case: spec/fft/edge-fft-8-irrational-f32
// The same length-8 FFT on complex<f32> (exact DFT rounded once to f32).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (3.0, 0.0), (4.0, 0.0), (5.0, 0.0), (6.0, 0.0), (7.0, 0.0)]> : tensor<8xcomplex<f32>>
    %result = "stablehlo.fft"(%operand) {
      fft_type = #stablehlo<fft_type FFT>,
      fft_length = array<i64: 8>
    } : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
    check.expect_eq_const %result, dense<[(28.0, 0.0), (-4.0, 9.656855), (-4.0, 4.0), (-4.0, 1.6568543), (-4.0, 0.0), (-4.0, -1.6568543), (-4.0, -4.0), (-4.0, -9.656855)]> : tensor<8xcomplex<f32>>
    func.return
  }
}
