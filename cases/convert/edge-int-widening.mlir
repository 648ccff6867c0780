// Case: spec/convert/edge-int-widening
// Integer widening: sign extension for signed, zero extension for unsigned.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-1, -128, 127]> : tensor<3xi8>
    %result = stablehlo.convert %operand : (tensor<3xi8>) -> tensor<3xi32>
    check.expect_eq_const %result, dense<[-1, -128, 127]> : tensor<3xi32>
    func.return
  }
}
