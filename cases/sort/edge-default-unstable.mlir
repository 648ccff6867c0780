// Case: spec/sort/edge-default-unstable
// is_stable omitted (defaults to false) with distinct keys: the result is unique.
module {
  func.func @main() {
    %input0 = stablehlo.constant dense<[4, -2, 9, 0]> : tensor<4xi64>
    %result0 = "stablehlo.sort"(%input0) ({
      ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
        %predicate = "stablehlo.compare"(%arg0, %arg1) {
          comparison_direction = #stablehlo<comparison_direction LT>
        } : (tensor<i64>, tensor<i64>) -> tensor<i1>
        "stablehlo.return"(%predicate) : (tensor<i1>) -> ()
    }) {
      dimension = 0 : i64
    } : (tensor<4xi64>) -> tensor<4xi64>
    check.expect_eq_const %result0, dense<[-2, 0, 4, 9]> : tensor<4xi64>
    func.return
  }
}
