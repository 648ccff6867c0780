// Case: spec/not/example-2
// From the spec's second `not` example (booleans: logical NOT).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[true, false]> : tensor<2xi1>
    %result = stablehlo.not %operand : tensor<2xi1>
    check.expect_eq_const %result, dense<[false, true]> : tensor<2xi1>
    func.return
  }
}
