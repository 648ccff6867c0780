// Case: spec/uniform_quantize/edge-ties-even
// Per-tensor scale 0.5, zero point 0: x / 0.5 = 0.5, 1.5, 2.5, -0.5, -2.5 round half to even.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.25, 0.75, 1.25, -0.25, -1.25]> : tensor<5xf32>
    %result = "stablehlo.uniform_quantize"(%operand) : (tensor<5xf32>) -> tensor<5x!quant.uniform<i8:f32, 0.5:0>>
    %storage = "stablehlo.bitcast_convert"(%result) : (tensor<5x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<5xi8>
    check.expect_eq_const %storage, dense<[0, 2, 2, 0, -2]> : tensor<5xi8>
    func.return
  }
}
