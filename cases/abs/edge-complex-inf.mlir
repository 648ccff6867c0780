// Case: spec/abs/edge-complex-inf
// Complex modulus with an infinite part is +inf even when the other part is NaN (IEEE hypot).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(0x7F800000, 0x7FC00000), (0x7FC00000, 0xFF800000), (0x7FC00000, 1.0)]> : tensor<3xcomplex<f32>>
    %result = stablehlo.abs %operand : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
    check.expect_eq_const %result, dense<[0x7F800000, 0x7F800000, 0x7FC00000]> : tensor<3xf32>
    func.return
  }
}
