// Case: spec/convert/edge-float-to-unsigned
// f32 -> ui8 truncation within range.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[255.9, 3.9, 0.5]> : tensor<3xf32>
    %result = stablehlo.convert %operand : (tensor<3xf32>) -> tensor<3xui8>
    check.expect_eq_const %result, dense<[255, 3, 0]> : tensor<3xui8>
    func.return
  }
}
