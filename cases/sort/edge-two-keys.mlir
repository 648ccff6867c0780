// Case: spec/sort/edge-two-keys
// A comparator over both operands: ascending by operand 0, then descending by operand 1 (all keys
// distinct, so is_stable = false gives a unique result).
module {
  func.func @main() {
    %input0 = stablehlo.constant dense<[2, 1, 2, 1, 0, 2]> : tensor<6xi32>
    %input1 = stablehlo.constant dense<[0.5, 3.0, 1.5, -1.0, 9.0, 2.5]> : tensor<6xf32>
    %result0, %result1 = "stablehlo.sort"(%input0, %input1) ({
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<f32>, %arg3: tensor<f32>):
        %lt0 = "stablehlo.compare"(%arg0, %arg1) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %eq0 = "stablehlo.compare"(%arg0, %arg1) {comparison_direction = #stablehlo<comparison_direction EQ>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %gt1 = "stablehlo.compare"(%arg2, %arg3) {comparison_direction = #stablehlo<comparison_direction GT>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
        %and = "stablehlo.and"(%eq0, %gt1) : (tensor<i1>, tensor<i1>) -> tensor<i1>
        %predicate = "stablehlo.or"(%lt0, %and) : (tensor<i1>, tensor<i1>) -> tensor<i1>
        "stablehlo.return"(%predicate) : (tensor<i1>) -> ()
    }) {
      dimension = 0 : i64,
      is_stable = false
    } : (tensor<6xi32>, tensor<6xf32>) -> (tensor<6xi32>, tensor<6xf32>)
    check.expect_eq_const %result0, dense<[0, 1, 1, 2, 2, 2]> : tensor<6xi32>
    check.expect_eq_const %result1, dense<[9.0, 3.0, -1.0, 2.5, 1.5, 0.5]> : tensor<6xf32>
    func.return
  }
}
