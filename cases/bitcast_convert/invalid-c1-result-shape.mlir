// Case: spec-invalid/bitcast_convert/invalid-c1-result-shape
// expect-invalid: bitcast_convert C1
// f32 and i32 have one width, so the shapes must match; the result has 3 elements, the operand 2.
module {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<3xi32> {
    %0 = "stablehlo.bitcast_convert"(%arg0) : (tensor<2xf32>) -> tensor<3xi32>
    func.return %0 : tensor<3xi32>
  }
}
