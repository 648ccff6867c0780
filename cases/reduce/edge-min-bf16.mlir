// Case: spec/reduce/edge-min-bf16
// minimum over columns of bf16 with init +inf; minimum(-0, +0) = -0.
module {
  func.func @main() {
    %input = stablehlo.constant dense<[[0.0, 2.0], [-0.0, 0xFF80], [0.1, 0x7F80]]> : tensor<3x2xbf16>
    %init_value = stablehlo.constant dense<0x7F80> : tensor<bf16>
    %result = "stablehlo.reduce"(%input, %init_value) ({
      ^bb0(%arg0: tensor<bf16>, %arg1: tensor<bf16>):
        %0 = "stablehlo.minimum"(%arg0, %arg1) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
        "stablehlo.return"(%0) : (tensor<bf16>) -> ()
    }) {
      dimensions = array<i64: 0>
    } : (tensor<3x2xbf16>, tensor<bf16>) -> tensor<2xbf16>
    check.expect_eq_const %result, dense<[-0.0, 0xFF80]> : tensor<2xbf16>
    func.return
  }
}
