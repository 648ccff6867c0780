// Case: spec/reduce_window/edge-maxpool
// 2x2 max pooling with stride 2 on 4x4 f32 (init -inf).
module {
  func.func @main() {
    %input = stablehlo.constant dense<[[1.0, 5.0, -2.0, 0.0], [3.0, 2.0, -1.0, -3.0], [-0.0, -4.0, 7.0, 8.0], [-5.0, -6.0, 9.0, 0x7FC00000]]> : tensor<4x4xf32>
    %init_value = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %result = "stablehlo.reduce_window"(%input, %init_value) ({
      ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
        %0 = "stablehlo.maximum"(%arg0, %arg1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%0) : (tensor<f32>) -> ()
    }) {
      window_dimensions = array<i64: 2, 2>,
      window_strides = array<i64: 2, 2>
    } : (tensor<4x4xf32>, tensor<f32>) -> tensor<2x2xf32>
    check.expect_eq_const %result, dense<[[5.0, 0.0], [-0.0, 0x7FC00000]]> : tensor<2x2xf32>
    func.return
  }
}
