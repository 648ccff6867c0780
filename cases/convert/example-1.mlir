// Case: spec/convert/example-1
// From the spec's `convert` example (si64 -> complex<f64>, imaginary part zeroed).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-1, 0, 1]> : tensor<3xi64>
    %result = stablehlo.convert %operand : (tensor<3xi64>) -> tensor<3xcomplex<f64>>
    check.expect_eq_const %result, dense<[(-1.0, 0.0), (0.0, 0.0), (1.0, 0.0)]> : tensor<3xcomplex<f64>>
    func.return
  }
}
