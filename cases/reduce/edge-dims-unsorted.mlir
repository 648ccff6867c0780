// Case: spec/reduce/edge-dims-unsorted
// Spec: dimensions only need to be unique; [2, 0] reduces the same dimensions as [0, 2].
module {
  func.func @main() {
    %input = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]]> : tensor<2x3x2xi64>
    %init_value = stablehlo.constant dense<0> : tensor<i64>
    %result = "stablehlo.reduce"(%input, %init_value) ({
      ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
        "stablehlo.return"(%0) : (tensor<i64>) -> ()
    }) {
      dimensions = array<i64: 2, 0>
    } : (tensor<2x3x2xi64>, tensor<i64>) -> tensor<3xi64>
    check.expect_eq_const %result, dense<[18, 26, 34]> : tensor<3xi64>
    func.return
  }
}
