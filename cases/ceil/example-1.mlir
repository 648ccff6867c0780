// Case: spec/ceil/example-1
// From the spec's `ceil` example (f32).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-0.8166, -0.2530, 0.2530, 0.8166, 2.0]> : tensor<5xf32>
    %result = stablehlo.ceil %operand : tensor<5xf32>
    check.expect_eq_const %result, dense<[-0.0, -0.0, 1.0, 1.0, 2.0]> : tensor<5xf32>
    func.return
  }
}
