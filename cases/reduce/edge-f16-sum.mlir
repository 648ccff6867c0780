// Case: spec/reduce/edge-f16-sum
// f16 add with exact partial sums (65504 = f16 max is reached exactly).
module {
  func.func @main() {
    %input = stablehlo.constant dense<[[32768.0, 16384.0, 16352.0], [0.5, 0.25, -0.75]]> : tensor<2x3xf16>
    %init_value = stablehlo.constant dense<0.0> : tensor<f16>
    %result = "stablehlo.reduce"(%input, %init_value) ({
      ^bb0(%arg0: tensor<f16>, %arg1: tensor<f16>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<f16>, tensor<f16>) -> tensor<f16>
        "stablehlo.return"(%0) : (tensor<f16>) -> ()
    }) {
      dimensions = array<i64: 1>
    } : (tensor<2x3xf16>, tensor<f16>) -> tensor<2xf16>
    check.expect_eq_const %result, dense<[65504.0, 0.0]> : tensor<2xf16>
    func.return
  }
}
