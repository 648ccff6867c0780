// Case: spec/reduce_window/edge-base-dilation
// Spec: base dilation inserts init values between elements: [1, 2, 3] with base_dilations 2 is
// [1, 0, 2, 0, 3]; windows of 2 sum to [1, 2, 2, 3].
module {
  func.func @main() {
    %input = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
    %init_value = stablehlo.constant dense<0> : tensor<i32>
    %result = "stablehlo.reduce_window"(%input, %init_value) ({
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
        "stablehlo.return"(%0) : (tensor<i32>) -> ()
    }) {
      window_dimensions = array<i64: 2>,
      window_strides = array<i64: 1>,
      base_dilations = array<i64: 2>
    } : (tensor<3xi32>, tensor<i32>) -> tensor<4xi32>
    check.expect_eq_const %result, dense<[1, 2, 2, 3]> : tensor<4xi32>
    func.return
  }
}
