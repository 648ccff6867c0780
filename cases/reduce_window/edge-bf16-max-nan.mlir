// Case: spec/reduce_window/edge-bf16-max-nan
// bf16 maximum over windows of 2: NaN propagates; maximum(-0, +0) = +0.
module {
  func.func @main() {
    %input = stablehlo.constant dense<[-0.0, 0.0, 0x7FC0, 1.0]> : tensor<4xbf16>
    %init_value = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %result = "stablehlo.reduce_window"(%input, %init_value) ({
      ^bb0(%arg0: tensor<bf16>, %arg1: tensor<bf16>):
        %0 = "stablehlo.maximum"(%arg0, %arg1) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
        "stablehlo.return"(%0) : (tensor<bf16>) -> ()
    }) {
      window_dimensions = array<i64: 2>
    } : (tensor<4xbf16>, tensor<bf16>) -> tensor<3xbf16>
    check.expect_eq_const %result, dense<[0.0, 0x7FC0, 0x7FC0]> : tensor<3xbf16>
    func.return
  }
}
