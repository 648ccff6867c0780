// Case: spec/divide/edge-f16
// f16 division.
// Exact values (mpmath) 0.333333333333333333333, each rounded to nearest-even f16.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[1.0, 65504.0, 0.00006104, 2.0]> : tensor<4xf16>
    %rhs = stablehlo.constant dense<[3.0, 0.5, 1024.0, 0.0]> : tensor<4xf16>
    %result = stablehlo.divide %lhs, %rhs : tensor<4xf16>
    check.expect_eq_const %result, dense<[0.3333, 0x7C00, 0x0001, 0x7C00]> : tensor<4xf16>
    func.return
  }
}
