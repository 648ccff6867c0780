// Case: spec/chlo.atan/edge-complex
// atan on complex<f32>, each part correctly rounded.
// Exact per-part values (mpmath) (0.484254490329966219, 0.200586618131234323), (-1.27679502502111284, 0.0919311950313293383), each part rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(0.5, 0.25), (-3.0, 1.0)]> : tensor<2xcomplex<f32>>
    %result = chlo.atan %operand : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
    check.expect_eq_const %result, dense<[(0.48425448, 0.20058662), (-1.276795, 0.091931194)]> : tensor<2xcomplex<f32>>
    func.return
  }
}
