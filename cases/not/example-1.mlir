// Case: spec/not/example-1
// From the spec's first `not` example (si32 bitwise NOT).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
    %result = stablehlo.not %operand : tensor<2x2xi32>
    check.expect_eq_const %result, dense<[[-2, -3], [-4, -5]]> : tensor<2x2xi32>
    func.return
  }
}
