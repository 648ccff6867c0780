// Case: spec/floor/edge-f16
// floor on f16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1023.5, -1.5, 0.25, -65504.0]> : tensor<4xf16>
    %result = stablehlo.floor %operand : tensor<4xf16>
    check.expect_eq_const %result, dense<[1023.0, -2.0, 0.0, -65504.0]> : tensor<4xf16>
    func.return
  }
}
