// Case: spec/and/edge-bool
// Spec: and on booleans is logical AND.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[false, false], [true, true]]> : tensor<2x2xi1>
    %rhs = stablehlo.constant dense<[[false, true], [false, true]]> : tensor<2x2xi1>
    %result = stablehlo.and %lhs, %rhs : tensor<2x2xi1>
    check.expect_eq_const %result, dense<[[false, false], [false, true]]> : tensor<2x2xi1>
    func.return
  }
}
