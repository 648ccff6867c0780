// Case: spec-invalid/sort/invalid-c3-input-shapes
// expect-invalid: sort C3
// The inputs have 4 and 3 elements.
module {
  func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<3xf32>) -> (tensor<4xf32>, tensor<3xf32>) {
    %0:2 = "stablehlo.sort"(%arg0, %arg1) ({
    ^bb0(%a0: tensor<f32>, %a1: tensor<f32>, %a2: tensor<f32>, %a3: tensor<f32>):
      %c = "stablehlo.compare"(%a0, %a1) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
      "stablehlo.return"(%c) : (tensor<i1>) -> ()
    }) {dimension = 0 : i64, is_stable = false} : (tensor<4xf32>, tensor<3xf32>) -> (tensor<4xf32>, tensor<3xf32>)
    func.return %0#0, %0#1 : tensor<4xf32>, tensor<3xf32>
  }
}
