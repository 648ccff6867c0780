// Case: spec/constant/example-1
// From the spec's `constant` example (generic form).
module {
  func.func @main() {
    %output = "stablehlo.constant"() {
      value = dense<[[0.0, 1.0], [2.0, 3.0]]> : tensor<2x2xf32>
    } : () -> tensor<2x2xf32>
    check.expect_eq_const %output, dense<[[0.0, 1.0], [2.0, 3.0]]> : tensor<2x2xf32>
    func.return
  }
}
