// Case: spec/convert/edge-int-narrowing-exact
// si64 -> si8 of values in range.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-128, 127, 0]> : tensor<3xi64>
    %result = stablehlo.convert %operand : (tensor<3xi64>) -> tensor<3xi8>
    check.expect_eq_const %result, dense<[-128, 127, 0]> : tensor<3xi8>
    func.return
  }
}
