// Case: spec-invalid/reduce_precision/invalid-c1-result-type
// expect-invalid: reduce_precision C1
// The output has another shape than the operand.
module {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<3xf32> {
    %0 = "stablehlo.reduce_precision"(%arg0) {exponent_bits = 5 : i32, mantissa_bits = 10 : i32} : (tensor<2xf32>) -> tensor<3xf32>
    func.return %0 : tensor<3xf32>
  }
}
