// Case: spec/reduce_window/edge-all-options-2d
// A 2-D window with strides, base and window dilation and asymmetric padding (si32 max, init INT_MIN).
module {
  func.func @main() {
    %input = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]> : tensor<3x4xi32>
    %init_value = stablehlo.constant dense<-2147483648> : tensor<i32>
    %result = "stablehlo.reduce_window"(%input, %init_value) ({
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
        %0 = "stablehlo.maximum"(%arg0, %arg1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
        "stablehlo.return"(%0) : (tensor<i32>) -> ()
    }) {
      window_dimensions = array<i64: 2, 2>,
      window_strides = array<i64: 2, 3>,
      base_dilations = array<i64: 2, 1>,
      window_dilations = array<i64: 1, 2>,
      padding = dense<[[1, 0], [2, 1]]> : tensor<2x2xi64>
    } : (tensor<3x4xi32>, tensor<i32>) -> tensor<3x2xi32>
    check.expect_eq_const %result, dense<[[1, 4], [5, 8], [9, 12]]> : tensor<3x2xi32>
    func.return
  }
}
