// Case: spec/concatenate/edge-bf16
// concatenate on bf16.
module {
  func.func @main() {
    %input0 = stablehlo.constant dense<[[0.1]]> : tensor<1x1xbf16>
    %input1 = stablehlo.constant dense<[[0xFF80]]> : tensor<1x1xbf16>
    %result = "stablehlo.concatenate"(%input0, %input1) {
      dimension = 1 : i64
    } : (tensor<1x1xbf16>, tensor<1x1xbf16>) -> tensor<1x2xbf16>
    check.expect_eq_const %result, dense<[[0.1, 0xFF80]]> : tensor<1x2xbf16>
    func.return
  }
}
