// Case: spec-invalid/composite/invalid-c2-decomposition
// expect-invalid: composite C2
// The decomposition @missing is not a function of the module.
module {
  func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
    %0 = "stablehlo.composite"(%arg0) {name = "example.op", decomposition = @missing} : (tensor<f32>) -> tensor<f32>
    func.return %0 : tensor<f32>
  }
  func.func private @decomposition(%x: tensor<f32>) -> tensor<f32> {
    func.return %x : tensor<f32>
  }
}
