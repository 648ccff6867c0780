// Case: spec/or/example-2
// From the spec's second `or` example (booleans: logical OR).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[false, false], [true, true]]> : tensor<2x2xi1>
    %rhs = stablehlo.constant dense<[[false, true], [false, true]]> : tensor<2x2xi1>
    %result = stablehlo.or %lhs, %rhs : tensor<2x2xi1>
    check.expect_eq_const %result, dense<[[false, true], [true, true]]> : tensor<2x2xi1>
    func.return
  }
}
