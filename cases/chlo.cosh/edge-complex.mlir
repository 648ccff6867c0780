// Case: spec/chlo.cosh/edge-complex
// cosh on complex<f32>, each part correctly rounded.
// Exact per-part values (mpmath) (1.09257080473191768, 0.128921041728098251), (5.43958099101976439, -8.42975108084994488), each part rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(0.5, 0.25), (-3.0, 1.0)]> : tensor<2xcomplex<f32>>
    %result = chlo.cosh %operand : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
    check.expect_eq_const %result, dense<[(1.0925708, 0.12892105), (5.439581, -8.429751)]> : tensor<2xcomplex<f32>>
    func.return
  }
}
