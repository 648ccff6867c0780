// Case: spec/is_finite/edge-quantized
// Spec (is_finite): "For quantized types, the result is always true."
// i8 storage (scale 0.5, zero point 1) including the storage extremes -128 and 127 and the zero point.
module {
  func.func @main() {
    %x_storage = stablehlo.constant dense<[-128, 127, 1, 0, -5]> : tensor<5xi8>
    %x = "stablehlo.bitcast_convert"(%x_storage) : (tensor<5xi8>) -> tensor<5x!quant.uniform<i8:f32, 0.5:1>>
    %y = "stablehlo.is_finite"(%x) : (tensor<5x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<5xi1>
    check.expect_eq_const %y, dense<[true, true, true, true, true]> : tensor<5xi1>
    func.return
  }
}
