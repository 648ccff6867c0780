// Case: spec/ceil/edge-bf16
// ceil on bf16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[127.5, -2.5, -0.5, 0xFF80]> : tensor<4xbf16>
    %result = stablehlo.ceil %operand : tensor<4xbf16>
    check.expect_eq_const %result, dense<[128.0, -2.0, -0.0, 0xFF80]> : tensor<4xbf16>
    func.return
  }
}
