// Case: spec/sign/edge-int
// Integer sign: -1, 0 or 1, including si32 extremes.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-5, 0, 7, -2147483648, 2147483647]> : tensor<5xi32>
    %result = stablehlo.sign %operand : tensor<5xi32>
    check.expect_eq_const %result, dense<[-1, 0, 1, -1, 1]> : tensor<5xi32>
    func.return
  }
}
