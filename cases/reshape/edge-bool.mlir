// Case: spec/reshape/edge-bool
// reshape on i1.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[true, false], [false, true], [true, false]]> : tensor<3x2xi1>
    %result = "stablehlo.reshape"(%operand) : (tensor<3x2xi1>) -> tensor<2x3xi1>
    check.expect_eq_const %result, dense<[[true, false, false], [true, true, false]]> : tensor<2x3xi1>
    func.return
  }
}
