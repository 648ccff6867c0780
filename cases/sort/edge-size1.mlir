// Case: spec/sort/edge-size1
// Sorting along a size-1 dimension changes nothing.
module {
  func.func @main() {
    %input0 = stablehlo.constant dense<[[3], [1], [2]]> : tensor<3x1xi32>
    %result0 = "stablehlo.sort"(%input0) ({
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
        %predicate = "stablehlo.compare"(%arg0, %arg1) {
          comparison_direction = #stablehlo<comparison_direction LT>
        } : (tensor<i32>, tensor<i32>) -> tensor<i1>
        "stablehlo.return"(%predicate) : (tensor<i1>) -> ()
    }) {
      dimension = 1 : i64,
      is_stable = true
    } : (tensor<3x1xi32>) -> tensor<3x1xi32>
    check.expect_eq_const %result0, dense<[[3], [1], [2]]> : tensor<3x1xi32>
    func.return
  }
}
