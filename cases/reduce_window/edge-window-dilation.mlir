// Case: spec/reduce_window/edge-window-dilation
// Window dilation 3 with window 2 on 1..6 sums elements i and i + 3.
module {
  func.func @main() {
    %input = stablehlo.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi64>
    %init_value = stablehlo.constant dense<0> : tensor<i64>
    %result = "stablehlo.reduce_window"(%input, %init_value) ({
      ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
        "stablehlo.return"(%0) : (tensor<i64>) -> ()
    }) {
      window_dimensions = array<i64: 2>,
      window_strides = array<i64: 1>,
      base_dilations = array<i64: 1>,
      window_dilations = array<i64: 3>
    } : (tensor<6xi64>, tensor<i64>) -> tensor<3xi64>
    check.expect_eq_const %result, dense<[5, 7, 9]> : tensor<3xi64>
    func.return
  }
}
