// Case: spec/chlo.sinh/edge-complex
// sinh on complex<f32>, each part correctly rounded.
// Exact per-part values (mpmath) (0.504895714387995017, 0.278979128350261522), (-5.41268092317819278, 8.47164545430014942), each part rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(0.5, 0.25), (-3.0, 1.0)]> : tensor<2xcomplex<f32>>
    %result = chlo.sinh %operand : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
    check.expect_eq_const %result, dense<[(0.5048957, 0.27897912), (-5.412681, 8.471645)]> : tensor<2xcomplex<f32>>
    func.return
  }
}
