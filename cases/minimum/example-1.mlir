// Case: spec/minimum/example-1
// From the spec's `minimum` example (si32).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[1, 2], [7, 8]]> : tensor<2x2xi32>
    %rhs = stablehlo.constant dense<[[5, 6], [3, 4]]> : tensor<2x2xi32>
    %result = stablehlo.minimum %lhs, %rhs : tensor<2x2xi32>
    check.expect_eq_const %result, dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
    func.return
  }
}
