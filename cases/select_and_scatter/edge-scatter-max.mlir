// Case: spec/select_and_scatter/edge-scatter-max
// A maximum scatter with init INT_MIN: the position selected by two windows keeps the larger source.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1, 9, 2, 3]> : tensor<4xi32>
    %source = stablehlo.constant dense<[5, -7, 6]> : tensor<3xi32>
    %init_value = stablehlo.constant dense<-2147483648> : tensor<i32>
    %result = "stablehlo.select_and_scatter"(%operand, %source, %init_value) ({
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
        %0 = "stablehlo.compare"(%arg0, %arg1) {
          comparison_direction = #stablehlo<comparison_direction GE>
        } : (tensor<i32>, tensor<i32>) -> tensor<i1>
        "stablehlo.return"(%0) : (tensor<i1>) -> ()
    }, {
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
        %0 = "stablehlo.maximum"(%arg0, %arg1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
        "stablehlo.return"(%0) : (tensor<i32>) -> ()
    }) {
      window_dimensions = array<i64: 2>,
      window_strides = array<i64: 1>,
      padding = dense<[[0, 0]]> : tensor<1x2xi64>
    } : (tensor<4xi32>, tensor<3xi32>, tensor<i32>) -> tensor<4xi32>
    check.expect_eq_const %result, dense<[-2147483648, 5, -2147483648, 6]> : tensor<4xi32>
    func.return
  }
}
