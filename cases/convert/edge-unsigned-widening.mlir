// Case: spec/convert/edge-unsigned-widening
// ui8 -> si32 zero extension.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[255, 128, 0]> : tensor<3xui8>
    %result = stablehlo.convert %operand : (tensor<3xui8>) -> tensor<3xi32>
    check.expect_eq_const %result, dense<[255, 128, 0]> : tensor<3xi32>
    func.return
  }
}
