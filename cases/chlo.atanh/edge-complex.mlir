// Case: spec/chlo.atanh/edge-complex
// atanh on complex<f64>, each part correctly rounded.
// Exact per-part values (mpmath) (0.500370000052531017, 0.314398143207716477), (-0.305943857905528926, 1.46146185385792564), each part rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(0.5, 0.25), (-3.0, 1.0)]> : tensor<2xcomplex<f64>>
    %result = chlo.atanh %operand : tensor<2xcomplex<f64>> -> tensor<2xcomplex<f64>>
    check.expect_eq_const %result, dense<[(0.5003700000525311, 0.3143981432077165), (-0.3059438579055289, 1.4614618538579256)]> : tensor<2xcomplex<f64>>
    func.return
  }
}
