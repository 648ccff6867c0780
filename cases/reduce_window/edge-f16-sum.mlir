// Case: spec/reduce_window/edge-f16-sum
// f16 add over windows of 2 with padding [0, 1] (init +0.0; all partial sums exact).
module {
  func.func @main() {
    %input = stablehlo.constant dense<[65504.0, -32.0, 0.5, -0.0]> : tensor<4xf16>
    %init_value = stablehlo.constant dense<0.0> : tensor<f16>
    %result = "stablehlo.reduce_window"(%input, %init_value) ({
      ^bb0(%arg0: tensor<f16>, %arg1: tensor<f16>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<f16>, tensor<f16>) -> tensor<f16>
        "stablehlo.return"(%0) : (tensor<f16>) -> ()
    }) {
      window_dimensions = array<i64: 2>,
      padding = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<4xf16>, tensor<f16>) -> tensor<4xf16>
    check.expect_eq_const %result, dense<[65472.0, -31.5, 0.5, 0.0]> : tensor<4xf16>
    func.return
  }
}
