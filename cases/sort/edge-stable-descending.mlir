// Case: spec/sort/edge-stable-descending
// Stable descending sort (GT) with ties: equal keys keep their original order.
module {
  func.func @main() {
    %input0 = stablehlo.constant dense<[1.0, 3.0, 1.0, 3.0, 2.0, 3.0]> : tensor<6xf32>
    %input1 = stablehlo.constant dense<[0, 1, 2, 3, 4, 5]> : tensor<6xi32>
    %result0, %result1 = "stablehlo.sort"(%input0, %input1) ({
      ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<i32>, %arg3: tensor<i32>):
        %predicate = "stablehlo.compare"(%arg0, %arg1) {
          comparison_direction = #stablehlo<comparison_direction GT>
        } : (tensor<f32>, tensor<f32>) -> tensor<i1>
        "stablehlo.return"(%predicate) : (tensor<i1>) -> ()
    }) {
      dimension = 0 : i64,
      is_stable = true
    } : (tensor<6xf32>, tensor<6xi32>) -> (tensor<6xf32>, tensor<6xi32>)
    check.expect_eq_const %result0, dense<[3.0, 3.0, 3.0, 2.0, 1.0, 1.0]> : tensor<6xf32>
    check.expect_eq_const %result1, dense<[1, 3, 5, 4, 0, 2]> : tensor<6xi32>
    func.return
  }
}
