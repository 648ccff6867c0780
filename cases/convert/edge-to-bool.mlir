// Case: spec/convert/edge-to-bool
// Spec: zero -> false, non-zero -> true (for floats, -0.0 is zero; subnormals are non-zero).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.0, -0.0, 0x00000001, -2.5, 0x7F800000]> : tensor<5xf32>
    %result = stablehlo.convert %operand : (tensor<5xf32>) -> tensor<5xi1>
    check.expect_eq_const %result, dense<[false, false, true, true, true]> : tensor<5xi1>
    func.return
  }
}
