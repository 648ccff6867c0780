// Case: spec-invalid/bitcast_convert/invalid-c2-complex-to-int
// expect-invalid: bitcast_convert C2
// A complex operand with an integer result.
module {
  func.func @main(%arg0: tensor<2xcomplex<f32>>) -> tensor<2xi64> {
    %0 = "stablehlo.bitcast_convert"(%arg0) : (tensor<2xcomplex<f32>>) -> tensor<2xi64>
    func.return %0 : tensor<2xi64>
  }
}
