// Case: spec/negate/example-1
// From the spec's first `negate` example (si32).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0, -2]> : tensor<2xi32>
    %result = stablehlo.negate %operand : tensor<2xi32>
    check.expect_eq_const %result, dense<[0, 2]> : tensor<2xi32>
    func.return
  }
}
