// Case: spec/reduce/edge-multi-dims
// Reducing dimensions [0, 2] of 2x3x2 (si64 add) leaves dimension 1.
module {
  func.func @main() {
    %input = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]]> : tensor<2x3x2xi64>
    %init_value = stablehlo.constant dense<0> : tensor<i64>
    %result = "stablehlo.reduce"(%input, %init_value) ({
      ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
        "stablehlo.return"(%0) : (tensor<i64>) -> ()
    }) {
      dimensions = array<i64: 0, 2>
    } : (tensor<2x3x2xi64>, tensor<i64>) -> tensor<3xi64>
    check.expect_eq_const %result, dense<[18, 26, 34]> : tensor<3xi64>
    func.return
  }
}
