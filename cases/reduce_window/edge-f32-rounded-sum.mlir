// Case: spec/reduce_window/edge-f32-rounded-sum
// f32 add over windows of 3 whose exact sums are not f32 values (0.1, 0.2, 0.3, 0.4 as f32).
// Exact sum 0.60000001639127731323 (mpmath) -> correctly rounded f32 0.6; the spec leaves the order of the sum to the
// implementation, and the reference evaluator rounds the exact sum once.
// Exact sum 0.90000002086162567139 (mpmath) -> correctly rounded f32 0.90000004; the spec leaves the order of the sum to the
// implementation, and the reference evaluator rounds the exact sum once.
module {
  func.func @main() {
    %input = stablehlo.constant dense<[0.1, 0.2, 0.3, 0.4]> : tensor<4xf32>
    %init_value = stablehlo.constant dense<0.0> : tensor<f32>
    %result = "stablehlo.reduce_window"(%input, %init_value) ({
      ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%0) : (tensor<f32>) -> ()
    }) {
      window_dimensions = array<i64: 3>
    } : (tensor<4xf32>, tensor<f32>) -> tensor<2xf32>
    check.expect_eq_const %result, dense<[0.6, 0.90000004]> : tensor<2xf32>
    func.return
  }
}
