// Case: spec/floor/edge-bf16
// floor on bf16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[127.5, -2.5, 0.5, 0x7F80]> : tensor<4xbf16>
    %result = stablehlo.floor %operand : tensor<4xbf16>
    check.expect_eq_const %result, dense<[127.0, -3.0, 0.0, 0x7F80]> : tensor<4xbf16>
    func.return
  }
}
