// Case: spec/sort/edge-dimension-0-rank2
// Sorting the columns of a 3x2 tensor (dimension 0).
module {
  func.func @main() {
    %input0 = stablehlo.constant dense<[[5, -1], [3, 7], [4, 0]]> : tensor<3x2xi32>
    %result0 = "stablehlo.sort"(%input0) ({
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
        %predicate = "stablehlo.compare"(%arg0, %arg1) {
          comparison_direction = #stablehlo<comparison_direction LT>
        } : (tensor<i32>, tensor<i32>) -> tensor<i1>
        "stablehlo.return"(%predicate) : (tensor<i1>) -> ()
    }) {
      dimension = 0 : i64,
      is_stable = true
    } : (tensor<3x2xi32>) -> tensor<3x2xi32>
    check.expect_eq_const %result0, dense<[[3, -1], [4, 0], [5, 7]]> : tensor<3x2xi32>
    func.return
  }
}
