// Case: spec/reduce/edge-all-dims
// Reducing over all dimensions gives a rank-0 result (si32 add over [0, 1] of 2x3).
module {
  func.func @main() {
    %input = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
    %init_value = stablehlo.constant dense<0> : tensor<i32>
    %result = "stablehlo.reduce"(%input, %init_value) ({
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
        "stablehlo.return"(%0) : (tensor<i32>) -> ()
    }) {
      dimensions = array<i64: 0, 1>
    } : (tensor<2x3xi32>, tensor<i32>) -> tensor<i32>
    check.expect_eq_const %result, dense<21> : tensor<i32>
    func.return
  }
}
