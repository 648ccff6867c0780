// Case: spec/pad/edge-bf16-negzero
// Padding with bf16 -0.0 (bit-exact).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[0.1, 2.0]]> : tensor<1x2xbf16>
    %padding_value = stablehlo.constant dense<-0.0> : tensor<bf16>
    %result = "stablehlo.pad"(%operand, %padding_value) {
      edge_padding_low = array<i64: 1, 0>,
      edge_padding_high = array<i64: 0, 1>,
      interior_padding = array<i64: 0, 0>
    } : (tensor<1x2xbf16>, tensor<bf16>) -> tensor<2x3xbf16>
    check.expect_eq_const %result, dense<[[-0.0, -0.0, -0.0], [0.1, 2.0, -0.0]]> : tensor<2x3xbf16>
    func.return
  }
}
