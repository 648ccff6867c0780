// Case: spec/sign/example-1
// From the spec's `sign` example (f64: NaN, -1, -0, +0, 1).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0x7FFFFFFFFFFFFFFF, -1.0, -0.0, 0.0, 1.0]> : tensor<5xf64>
    %result = stablehlo.sign %operand : tensor<5xf64>
    check.expect_eq_const %result, dense<[0x7FF8000000000000, -1.0, -0.0, 0.0, 1.0]> : tensor<5xf64>
    func.return
  }
}
