// Case: spec-invalid/composite/invalid-c3-input-types
// expect-invalid: composite C3
// The composite passes f64, the decomposition takes f32.
module {
  func.func @main(%arg0: tensor<f64>) -> tensor<f32> {
    %0 = "stablehlo.composite"(%arg0) {name = "example.op", decomposition = @decomposition} : (tensor<f64>) -> tensor<f32>
    func.return %0 : tensor<f32>
  }
  func.func private @decomposition(%x: tensor<f32>) -> tensor<f32> {
    func.return %x : tensor<f32>
  }
}
