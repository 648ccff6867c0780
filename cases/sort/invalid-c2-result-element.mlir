// Case: spec-invalid/sort/invalid-c2-result-element
// expect-invalid: sort C2
// An f32 input with an f64 result.
module {
  func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf64> {
    %0 = "stablehlo.sort"(%arg0) ({
    ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
      %c = "stablehlo.compare"(%a0, %a1) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
      "stablehlo.return"(%c) : (tensor<i1>) -> ()
    }) {dimension = 0 : i64, is_stable = false} : (tensor<4xf32>) -> tensor<4xf64>
    func.return %0 : tensor<4xf64>
  }
}
