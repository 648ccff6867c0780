// Case: spec/sort/edge-negative-dimension
// Spec: dimension may be negative; -1 is the last dimension (rows of 2x3 sorted ascending).
module {
  func.func @main() {
    %input0 = stablehlo.constant dense<[[3, 1, 2], [6, 5, 4]]> : tensor<2x3xi64>
    %result0 = "stablehlo.sort"(%input0) ({
      ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
        %predicate = "stablehlo.compare"(%arg0, %arg1) {
          comparison_direction = #stablehlo<comparison_direction LT>
        } : (tensor<i64>, tensor<i64>) -> tensor<i1>
        "stablehlo.return"(%predicate) : (tensor<i1>) -> ()
    }) {
      dimension = -1 : i64,
      is_stable = true
    } : (tensor<2x3xi64>) -> tensor<2x3xi64>
    check.expect_eq_const %result0, dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
    func.return
  }
}
