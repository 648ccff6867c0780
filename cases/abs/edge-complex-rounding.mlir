// Case: spec/abs/edge-complex-rounding
// Complex modulus correctly rounded: |1+1i| = sqrt(2) ~ 1.41421356237309504880 -> f32 1.4142135;
// |f32max + f32max i| = f32max*sqrt(2) overflows to +inf.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(1.0, 1.0), (3.4028235e+38, 3.4028235e+38)]> : tensor<2xcomplex<f32>>
    %result = stablehlo.abs %operand : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
    check.expect_eq_const %result, dense<[1.4142135, 0x7F800000]> : tensor<2xf32>
    func.return
  }
}
