// Case: spec/sine/edge-complex
// Complex sin(a+bi) = sin a cosh b + i cos a sinh b, each part correctly rounded.
// Exact per-part values (mpmath) (1.29845758141597729, 0.634963914784736108), (1.80369269553218174, 3.18286944833714878), each part rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(1.0, 1.0), (0.5, 2.0), (-0.0, 0.0)]> : tensor<3xcomplex<f32>>
    %result = stablehlo.sine %operand : tensor<3xcomplex<f32>>
    check.expect_eq_const %result, dense<[(1.2984576, 0.6349639), (1.8036927, 3.1828694), (-0.0, 0.0)]> : tensor<3xcomplex<f32>>
    func.return
  }
}
