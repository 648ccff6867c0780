// Case: spec/ceil/edge-inf-nan
// ceil of infinities and NaN.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<3xf32>
    %result = stablehlo.ceil %operand : tensor<3xf32>
    check.expect_eq_const %result, dense<[0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<3xf32>
    func.return
  }
}
