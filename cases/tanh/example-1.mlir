// Case: spec/tanh/example-1
// From the spec's `tanh` example (f32); the spec prints tanh(1) as 0.76159416, which is also
// the correctly rounded f32 value.
// Exact values (mpmath) -0.761594155955764888119, 0.761594155955764888119, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-1.0, 0.0, 1.0]> : tensor<3xf32>
    %result = stablehlo.tanh %operand : tensor<3xf32>
    check.expect_eq_const %result, dense<[-0.7615942, 0.0, 0.7615942]> : tensor<3xf32>
    func.return
  }
}
