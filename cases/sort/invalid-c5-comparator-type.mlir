// Case: spec-invalid/sort/invalid-c5-comparator-type
// expect-invalid: sort C5
// The comparator takes f64 scalars for an f32 input.
module {
  func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %0 = "stablehlo.sort"(%arg0) ({
    ^bb0(%a0: tensor<f64>, %a1: tensor<f64>):
      %c = "stablehlo.compare"(%a0, %a1) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<f64>, tensor<f64>) -> tensor<i1>
      "stablehlo.return"(%c) : (tensor<i1>) -> ()
    }) {dimension = 0 : i64, is_stable = false} : (tensor<4xf32>) -> tensor<4xf32>
    func.return %0 : tensor<4xf32>
  }
}
