// Case: spec/power/edge-f16
// pow on f16.
// Exact values (mpmath) 1.4142135623730950488, 59049.0, each rounded to nearest-even f16.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[2.0, 3.0, 10.0, 2.0]> : tensor<4xf16>
    %rhs = stablehlo.constant dense<[0.5, 10.0, 5.0, -24.0]> : tensor<4xf16>
    %result = stablehlo.power %lhs, %rhs : tensor<4xf16>
    check.expect_eq_const %result, dense<[1.4140625, 59040.0, 0x7C00, 0x0001]> : tensor<4xf16>
    func.return
  }
}
