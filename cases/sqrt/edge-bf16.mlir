// Case: spec/sqrt/edge-bf16
// sqrt on bf16.
// Exact values (mpmath) 1.4142135623730950488, 18410680023430789819.9, 0.100048816209888260726, each rounded to nearest-even bf16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[2.0, 3.39e+38, 0.01]> : tensor<3xbf16>
    %result = stablehlo.sqrt %operand : tensor<3xbf16>
    check.expect_eq_const %result, dense<[1.4140625, 1.84e+19, 0.1]> : tensor<3xbf16>
    func.return
  }
}
