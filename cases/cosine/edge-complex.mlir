// Case: spec/cosine/edge-complex
// Complex cos(a+bi) = cos a cosh b - i sin a sinh b, each part correctly rounded.
// Exact per-part values (mpmath) (0.833730025131149049, -0.988897705762865096), (3.30163733291409456, -1.73880950447431633), each part rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(1.0, 1.0), (0.5, 2.0)]> : tensor<2xcomplex<f32>>
    %result = stablehlo.cosine %operand : tensor<2xcomplex<f32>>
    check.expect_eq_const %result, dense<[(0.83373004, -0.9888977), (3.3016374, -1.7388095)]> : tensor<2xcomplex<f32>>
    func.return
  }
}
