// Case: spec/sign/edge-i8
// sign on si8.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-128, 127, 0]> : tensor<3xi8>
    %result = stablehlo.sign %operand : tensor<3xi8>
    check.expect_eq_const %result, dense<[-1, 1, 0]> : tensor<3xi8>
    func.return
  }
}
