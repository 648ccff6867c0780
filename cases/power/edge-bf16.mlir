// Case: spec/power/edge-bf16
// pow on bf16.
// Exact values (mpmath) 1.4142135623730950488, 59049.0, 1.0e+39, each rounded to nearest-even bf16.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[2.0, 3.0, 10.0]> : tensor<3xbf16>
    %rhs = stablehlo.constant dense<[0.5, 10.0, 39.0]> : tensor<3xbf16>
    %result = stablehlo.power %lhs, %rhs : tensor<3xbf16>
    check.expect_eq_const %result, dense<[1.4140625, 59136.0, 0x7F80]> : tensor<3xbf16>
    func.return
  }
}
