// Case: spec/reshape/edge-complex
// reshape on complex<f32>.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(1.0, -1.0), (2.0, -0.0), (0x7F800000, 0.5), (3.0, 4.0)]> : tensor<4xcomplex<f32>>
    %result = "stablehlo.reshape"(%operand) : (tensor<4xcomplex<f32>>) -> tensor<2x2xcomplex<f32>>
    check.expect_eq_const %result, dense<[[(1.0, -1.0), (2.0, -0.0)], [(0x7F800000, 0.5), (3.0, 4.0)]]> : tensor<2x2xcomplex<f32>>
    func.return
  }
}
