// Case: spec/select_and_scatter/edge-maxpool-grad
// The max-pool gradient pattern on f32: 2x2 windows, stride 2, GE select, add scatter with init +0.0;
// each selected position receives its window's source value, all others +0.0.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1.0, 5.0, -2.0, 0.0], [3.0, 2.0, -1.0, -3.0], [-7.0, -4.0, 7.0, 8.0], [-5.0, -6.0, 9.0, 1.0]]> : tensor<4x4xf32>
    %source = stablehlo.constant dense<[[0.5, -1.5], [2.0, 0.1]]> : tensor<2x2xf32>
    %init_value = stablehlo.constant dense<0.0> : tensor<f32>
    %result = "stablehlo.select_and_scatter"(%operand, %source, %init_value) ({
      ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
        %0 = "stablehlo.compare"(%arg0, %arg1) {
          comparison_direction = #stablehlo<comparison_direction GE>
        } : (tensor<f32>, tensor<f32>) -> tensor<i1>
        "stablehlo.return"(%0) : (tensor<i1>) -> ()
    }, {
      ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%0) : (tensor<f32>) -> ()
    }) {
      window_dimensions = array<i64: 2, 2>,
      window_strides = array<i64: 2, 2>,
      padding = dense<[[0, 0], [0, 0]]> : tensor<2x2xi64>
    } : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
    check.expect_eq_const %result, dense<[[0.0, 0.5, 0.0, -1.5], [0.0, 0.0, 0.0, 0.0], [0.0, 2.0, 0.0, 0.0], [0.0, 0.0, 0.1, 0.0]]> : tensor<4x4xf32>
    func.return
  }
}
