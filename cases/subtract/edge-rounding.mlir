// Case: spec/subtract/edge-rounding
// Catastrophic cancellation is exact (Sterbenz); 1 - 2^-25 rounds to 1 (below half an ulp).
// Exact values (mpmath) 0.200000010430812835693, each rounded to nearest-even f32.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[1.0000001, 1.0, 0.3]> : tensor<3xf32>
    %rhs = stablehlo.constant dense<[1.0, 2.9802322e-08, 0.1]> : tensor<3xf32>
    %result = stablehlo.subtract %lhs, %rhs : tensor<3xf32>
    check.expect_eq_const %result, dense<[1.1920929e-07, 1.0, 0.20000002]> : tensor<3xf32>
    func.return
  }
}
