// Case: spec-invalid/map/invalid-c2-no-inputs
// expect-invalid: map C2
// map has no input.
module {
  func.func @main() -> tensor<2xf32> {
    %0 = "stablehlo.map"() ({
    ^bb0:
      %c = stablehlo.constant dense<0.0> : tensor<f32>
      "stablehlo.return"(%c) : (tensor<f32>) -> ()
    }) {dimensions = array<i64: 0>} : () -> tensor<2xf32>
    func.return %0 : tensor<2xf32>
  }
}
