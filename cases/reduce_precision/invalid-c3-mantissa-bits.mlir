// Case: spec-invalid/reduce_precision/invalid-c3-mantissa-bits
// expect-invalid: reduce_precision C3
// mantissa_bits is negative.
module {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
    %0 = "stablehlo.reduce_precision"(%arg0) {exponent_bits = 5 : i32, mantissa_bits = -1 : i32} : (tensor<2xf32>) -> tensor<2xf32>
    func.return %0 : tensor<2xf32>
  }
}
