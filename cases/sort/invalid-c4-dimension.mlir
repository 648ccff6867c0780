// Case: spec-invalid/sort/invalid-c4-dimension
// expect-invalid: sort C4
// dimension 1 is out of range for rank-1 inputs.
module {
  func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %0 = "stablehlo.sort"(%arg0) ({
    ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
      %c = "stablehlo.compare"(%a0, %a1) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
      "stablehlo.return"(%c) : (tensor<i1>) -> ()
    }) {dimension = 1 : i64, is_stable = false} : (tensor<4xf32>) -> tensor<4xf32>
    func.return %0 : tensor<4xf32>
  }
}
