// Case: spec-invalid/dynamic_iota/invalid-c2-result-rank
// expect-invalid: dynamic_iota C2
// output_shape has 2 elements, the result rank 1.
module {
  func.func @main(%arg0: tensor<2xi64>) -> tensor<4xf32> {
    %0 = "stablehlo.dynamic_iota"(%arg0) {iota_dimension = 0 : i64} : (tensor<2xi64>) -> tensor<4xf32>
    func.return %0 : tensor<4xf32>
  }
}
