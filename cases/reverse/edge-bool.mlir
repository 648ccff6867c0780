// Case: spec/reverse/edge-bool
// reverse on i1.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[true, false, false]> : tensor<3xi1>
    %result = "stablehlo.reverse"(%operand) {
      dimensions = array<i64: 0>
    } : (tensor<3xi1>) -> tensor<3xi1>
    check.expect_eq_const %result, dense<[false, false, true]> : tensor<3xi1>
    func.return
  }
}
