// Case: spec/exponential/edge-complex
// Complex exp(a+bi) = e^a (cos b + i sin b); each part correctly rounded.
// Exact per-part values (mpmath) (1.46869393991588516, 2.28735528717884239), (-0.999999999999996179, -8.74227800037247453e-8), each part rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(1.0, 1.0), (0.0, 3.14159265), (-0.0, 0.0)]> : tensor<3xcomplex<f32>>
    %result = stablehlo.exponential %operand : tensor<3xcomplex<f32>>
    check.expect_eq_const %result, dense<[(1.468694, 2.2873552), (-1.0, -8.742278e-08), (1.0, 0.0)]> : tensor<3xcomplex<f32>>
    func.return
  }
}
