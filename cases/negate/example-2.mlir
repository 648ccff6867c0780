// Case: spec/negate/example-2
// From the spec's second `negate` example (complex<f32>): -(2.5 + 0i) = (-2.5, -0.0).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(2.5, 0.0)]> : tensor<1xcomplex<f32>>
    %result = stablehlo.negate %operand : tensor<1xcomplex<f32>>
    check.expect_eq_const %result, dense<[(-2.5, -0.0)]> : tensor<1xcomplex<f32>>
    func.return
  }
}
