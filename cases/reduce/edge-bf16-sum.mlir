// Case: spec/reduce/edge-bf16-sum
// bf16 add with exact partial sums.
module {
  func.func @main() {
    %input = stablehlo.constant dense<[256.0, 2.0, 4.0, -8.0]> : tensor<4xbf16>
    %init_value = stablehlo.constant dense<0.0> : tensor<bf16>
    %result = "stablehlo.reduce"(%input, %init_value) ({
      ^bb0(%arg0: tensor<bf16>, %arg1: tensor<bf16>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
        "stablehlo.return"(%0) : (tensor<bf16>) -> ()
    }) {
      dimensions = array<i64: 0>
    } : (tensor<4xbf16>, tensor<bf16>) -> tensor<bf16>
    check.expect_eq_const %result, dense<254.0> : tensor<bf16>
    func.return
  }
}
