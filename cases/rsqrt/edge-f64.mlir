// Case: spec/rsqrt/edge-f64
// rsqrt on f64 (smallest subnormal -> 2^537 exactly, 2, 3).
// Exact values (mpmath) 4.49891379454319638281e+161, 0.707106781186547524401, 0.577350269189625764509, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0x0000000000000001, 2.0, 3.0]> : tensor<3xf64>
    %result = stablehlo.rsqrt %operand : tensor<3xf64>
    check.expect_eq_const %result, dense<[4.4989137945431964e+161, 0.7071067811865476, 0.5773502691896257]> : tensor<3xf64>
    func.return
  }
}
