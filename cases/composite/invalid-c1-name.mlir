// Case: spec-invalid/composite/invalid-c1-name
// expect-invalid: composite C1
// name "op" has no namespace.
module {
  func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
    %0 = "stablehlo.composite"(%arg0) {name = "op", decomposition = @decomposition} : (tensor<f32>) -> tensor<f32>
    func.return %0 : tensor<f32>
  }
  func.func private @decomposition(%x: tensor<f32>) -> tensor<f32> {
    func.return %x : tensor<f32>
  }
}
