// Case: spec/log_plus_one/edge-bf16
// log1p on bf16.
// Exact values (mpmath) 0.000998951565294348762518, 88.7189252123518632763, -0.693147180559945309417, each rounded to nearest-even bf16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.001, 3.39e+38, -0.5]> : tensor<3xbf16>
    %result = stablehlo.log_plus_one %operand : tensor<3xbf16>
    check.expect_eq_const %result, dense<[0.001, 88.5, -0.69140625]> : tensor<3xbf16>
    func.return
  }
}
