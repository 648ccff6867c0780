// Case: spec/maximum/edge-bool
// Spec: maximum on booleans is logical OR.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[false, false, true, true]> : tensor<4xi1>
    %rhs = stablehlo.constant dense<[false, true, false, true]> : tensor<4xi1>
    %result = stablehlo.maximum %lhs, %rhs : tensor<4xi1>
    check.expect_eq_const %result, dense<[false, true, true, true]> : tensor<4xi1>
    func.return
  }
}
