// Case: spec/chlo.square/edge-complex
// square(z) = z * z with each part of the exact value rounded once (chlo.md's
// (x - y)(x + y) + 2xy i is the same value).
// Exact per-part values (mpmath) (-3.0, 4.0), (0.0, 2.42000010490417594), (-0.0800000068545342891, 0.0600000032782554982), each part rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(1.0, 2.0), (1.1, 1.1), (0.1, 0.3)]> : tensor<3xcomplex<f32>>
    %result = chlo.square %operand : tensor<3xcomplex<f32>> -> tensor<3xcomplex<f32>>
    check.expect_eq_const %result, dense<[(-3.0, 4.0), (0.0, 2.42), (-0.080000006, 0.060000002)]> : tensor<3xcomplex<f32>>
    func.return
  }
}
