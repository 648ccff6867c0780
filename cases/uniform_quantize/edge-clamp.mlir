// Case: spec/uniform_quantize/edge-clamp
// Values outside the storage range clamp to storage_min / storage_max (i8, scale 0.25, zero point 3).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[100.0, -100.0, 31.0, -32.75]> : tensor<4xf32>
    %result = "stablehlo.uniform_quantize"(%operand) : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.25:3>>
    %storage = "stablehlo.bitcast_convert"(%result) : (tensor<4x!quant.uniform<i8:f32, 0.25:3>>) -> tensor<4xi8>
    check.expect_eq_const %storage, dense<[127, -128, 127, -128]> : tensor<4xi8>
    func.return
  }
}
