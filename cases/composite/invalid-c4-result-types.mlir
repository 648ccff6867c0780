// Case: spec-invalid/composite/invalid-c4-result-types
// expect-invalid: composite C4
// The composite returns f64, the decomposition f32.
module {
  func.func @main(%arg0: tensor<f32>) -> tensor<f64> {
    %0 = "stablehlo.composite"(%arg0) {name = "example.op", decomposition = @decomposition} : (tensor<f32>) -> tensor<f64>
    func.return %0 : tensor<f64>
  }
  func.func private @decomposition(%x: tensor<f32>) -> tensor<f32> {
    func.return %x : tensor<f32>
  }
}
