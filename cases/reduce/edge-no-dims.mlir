// Case: spec/reduce/edge-no-dims
// dimensions = [] reduces nothing: each result element is its input element (combined only with init
// values; maximum with init -inf keeps -0.0 and NaN).
module {
  func.func @main() {
    %input = stablehlo.constant dense<[[-0.0, 0x7FC00000], [1.5, 0xFF800000]]> : tensor<2x2xf32>
    %init_value = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %result = "stablehlo.reduce"(%input, %init_value) ({
      ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
        %0 = "stablehlo.maximum"(%arg0, %arg1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%0) : (tensor<f32>) -> ()
    }) {
      dimensions = array<i64>
    } : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32>
    check.expect_eq_const %result, dense<[[-0.0, 0x7FC00000], [1.5, 0xFF800000]]> : tensor<2x2xf32>
    func.return
  }
}
