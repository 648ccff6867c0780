// Case: spec/bitcast_convert/edge-signed-unsigned
// si8 <-> ui8 bitcast reinterprets two's complement: -1 -> 255, -128 -> 128.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-1, -128, 127]> : tensor<3xi8>
    %result = stablehlo.bitcast_convert %operand : (tensor<3xi8>) -> tensor<3xui8>
    check.expect_eq_const %result, dense<[255, 128, 127]> : tensor<3xui8>
    func.return
  }
}
