// Case: spec-invalid/reduce_precision/invalid-c2-exponent-bits
// expect-invalid: reduce_precision C2
// exponent_bits is 0; it must be at least 1.
module {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
    %0 = "stablehlo.reduce_precision"(%arg0) {exponent_bits = 0 : i32, mantissa_bits = 10 : i32} : (tensor<2xf32>) -> tensor<2xf32>
    func.return %0 : tensor<2xf32>
  }
}
