// Case: spec/sort/edge-empty
// Sorting an empty dimension (2x0) gives an empty result.
module {
  func.func @main() {
    %input0 = stablehlo.constant dense<> : tensor<2x0xf32>
    %result0 = "stablehlo.sort"(%input0) ({
      ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
        %predicate = "stablehlo.compare"(%arg0, %arg1) {
          comparison_direction = #stablehlo<comparison_direction LT>
        } : (tensor<f32>, tensor<f32>) -> tensor<i1>
        "stablehlo.return"(%predicate) : (tensor<i1>) -> ()
    }) {
      dimension = 1 : i64,
      is_stable = true
    } : (tensor<2x0xf32>) -> tensor<2x0xf32>
    check.expect_eq_const %result0, dense<> : tensor<2x0xf32>
    func.return
  }
}
