// Case: spec/reduce/edge-variadic-argmax
// A variadic reduce (values, indices) computing argmax per row: larger value wins, ties go to the
// smaller index. The body is associative and commutative and (-inf, INT32_MAX) is its identity, so the result is unique.
module {
  func.func @main() {
    %input0 = stablehlo.constant dense<[[1.0, 5.0, 5.0, 2.0], [-1.0, -3.0, -1.0, -2.0]]> : tensor<2x4xf32>
    %input1 = stablehlo.constant dense<[[0, 1, 2, 3], [0, 1, 2, 3]]> : tensor<2x4xi32>
    %init_value0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %init_value1 = stablehlo.constant dense<2147483647> : tensor<i32>
    %result0, %result1 = "stablehlo.reduce"(%input0, %input1, %init_value0, %init_value1) ({
      ^bb0(%arg0: tensor<f32>, %arg1: tensor<i32>, %arg2: tensor<f32>, %arg3: tensor<i32>):
        %gt = "stablehlo.compare"(%arg0, %arg2) {comparison_direction = #stablehlo<comparison_direction GT>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
        %eq = "stablehlo.compare"(%arg0, %arg2) {comparison_direction = #stablehlo<comparison_direction EQ>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
        %lti = "stablehlo.compare"(%arg1, %arg3) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %tie = "stablehlo.and"(%eq, %lti) : (tensor<i1>, tensor<i1>) -> tensor<i1>
        %pick = "stablehlo.or"(%gt, %tie) : (tensor<i1>, tensor<i1>) -> tensor<i1>
        %v = "stablehlo.select"(%pick, %arg0, %arg2) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
        %i = "stablehlo.select"(%pick, %arg1, %arg3) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
        "stablehlo.return"(%v, %i) : (tensor<f32>, tensor<i32>) -> ()
    }) {
      dimensions = array<i64: 1>
    } : (tensor<2x4xf32>, tensor<2x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
    check.expect_eq_const %result0, dense<[5.0, -1.0]> : tensor<2xf32>
    check.expect_eq_const %result1, dense<[1, 0]> : tensor<2xi32>
    func.return
  }
}
