// Case: spec/fft/edge-irfft
// IRFFT of [10, -2+2i, -2] with fft_length = [4] gives f32 [1, 2, 3, 4].
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(10.0, 0.0), (-2.0, 2.0), (-2.0, 0.0)]> : tensor<3xcomplex<f32>>
    %result = "stablehlo.fft"(%operand) {
      fft_type = #stablehlo<fft_type IRFFT>,
      fft_length = array<i64: 4>
    } : (tensor<3xcomplex<f32>>) -> tensor<4xf32>
    check.expect_eq_const %result, dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
    func.return
  }
}
