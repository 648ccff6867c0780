// Case: spec/sign/edge-inf-subnormal
// sign of infinities and subnormals is +-1.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x00000001, 0x80000001, 3.4028235e+38]> : tensor<5xf32>
    %result = stablehlo.sign %operand : tensor<5xf32>
    check.expect_eq_const %result, dense<[1.0, -1.0, 1.0, -1.0, 1.0]> : tensor<5xf32>
    func.return
  }
}
