// Case: spec/sqrt/example-1
// From the spec's `sqrt` example (f32, exact squares).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[0.0, 1.0], [4.0, 9.0]]> : tensor<2x2xf32>
    %result = stablehlo.sqrt %operand : tensor<2x2xf32>
    check.expect_eq_const %result, dense<[[0.0, 1.0], [2.0, 3.0]]> : tensor<2x2xf32>
    func.return
  }
}
