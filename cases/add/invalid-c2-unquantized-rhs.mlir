// Case: spec-invalid/add/invalid-c2-unquantized-rhs
// expect-invalid: add C2
// A quantized lhs and result with an unquantized rhs.
module {
  func.func @main(%arg0: tensor<2x!quant.uniform<i8:f32, 0.5:0>>, %arg1: tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 0.5:0>> {
    %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<2x!quant.uniform<i8:f32, 0.5:0>>, tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 0.5:0>>
    func.return %0 : tensor<2x!quant.uniform<i8:f32, 0.5:0>>
  }
}
