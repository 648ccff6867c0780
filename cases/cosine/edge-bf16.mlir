// Case: spec/cosine/edge-bf16
// cos on bf16.
// Exact values (mpmath) 0.540302305868139717401, 0.162056670703015724565, 0.000483826776020248693805, each rounded to nearest-even bf16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, 3.39e+38, 1.5708]> : tensor<3xbf16>
    %result = stablehlo.cosine %operand : tensor<3xbf16>
    check.expect_eq_const %result, dense<[0.5390625, 0.162, 0.000484]> : tensor<3xbf16>
    func.return
  }
}
