// Case: spec-invalid/dynamic_iota/invalid-c1-dimension
// expect-invalid: dynamic_iota C1
// iota_dimension 1 is out of range for output_shape of 1 element.
module {
  func.func @main(%arg0: tensor<1xi64>) -> tensor<4xf32> {
    %0 = "stablehlo.dynamic_iota"(%arg0) {iota_dimension = 1 : i64} : (tensor<1xi64>) -> tensor<4xf32>
    func.return %0 : tensor<4xf32>
  }
}
