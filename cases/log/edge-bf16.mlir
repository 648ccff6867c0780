// Case: spec/log/edge-bf16
// log on bf16.
// Exact values (mpmath) 0.693147180559945309417, 88.7189252123518632763, -92.1885750144727261525, each rounded to nearest-even bf16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[2.0, 3.39e+38, 1.0e-40]> : tensor<3xbf16>
    %result = stablehlo.log %operand : tensor<3xbf16>
    check.expect_eq_const %result, dense<[0.69140625, 88.5, -92.0]> : tensor<3xbf16>
    func.return
  }
}
