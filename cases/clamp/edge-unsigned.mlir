// Case: spec/clamp/edge-unsigned
// clamp on ui8 (unsigned ordering).
module {
  func.func @main() {
    %min = stablehlo.constant dense<[10, 0]> : tensor<2xui8>
    %operand = stablehlo.constant dense<[255, 5]> : tensor<2xui8>
    %max = stablehlo.constant dense<[200, 255]> : tensor<2xui8>
    %result = stablehlo.clamp %min, %operand, %max : tensor<2xui8>
    check.expect_eq_const %result, dense<[200, 5]> : tensor<2xui8>
    func.return
  }
}
