// Case: spec-invalid/constant/invalid-c1-value-type
// expect-invalid: constant C1
// The value is tensor<f32>, the output tensor<f64>.
module {
  func.func @main() -> tensor<f64> {
    %0 = "stablehlo.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f64>
    func.return %0 : tensor<f64>
  }
}
