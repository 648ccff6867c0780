// Case: spec/fft/edge-rfft
// RFFT of f32 [1, 2, 3, 4] keeps the first 4 / 2 + 1 = 3 outputs: [10, -2+2i, -2].
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
    %result = "stablehlo.fft"(%operand) {
      fft_type = #stablehlo<fft_type RFFT>,
      fft_length = array<i64: 4>
    } : (tensor<4xf32>) -> tensor<3xcomplex<f32>>
    check.expect_eq_const %result, dense<[(10.0, 0.0), (-2.0, 2.0), (-2.0, 0.0)]> : tensor<3xcomplex<f32>>
    func.return
  }
}
