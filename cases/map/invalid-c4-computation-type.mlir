// Case: spec-invalid/map/invalid-c4-computation-type
// expect-invalid: map C4
// The computation takes f64 scalars for f32 inputs.
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> tensor<2xf32> {
    %0 = "stablehlo.map"(%arg0, %arg1) ({
    ^bb0(%a0: tensor<f64>, %a1: tensor<f64>):
      %r0 = "stablehlo.add"(%a0, %a1) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%r0) : (tensor<f64>) -> ()
    }) {dimensions = array<i64: 0>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    func.return %0 : tensor<2xf32>
  }
}
