// Case: spec/clamp/edge-int-extremes
// clamp on si8 extremes.
module {
  func.func @main() {
    %min = stablehlo.constant dense<[-128, -100, 0]> : tensor<3xi8>
    %operand = stablehlo.constant dense<[127, -128, -1]> : tensor<3xi8>
    %max = stablehlo.constant dense<[127, 100, 0]> : tensor<3xi8>
    %result = stablehlo.clamp %min, %operand, %max : tensor<3xi8>
    check.expect_eq_const %result, dense<[127, -100, 0]> : tensor<3xi8>
    func.return
  }
}
