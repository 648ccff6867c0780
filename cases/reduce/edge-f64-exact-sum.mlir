// Case: spec/reduce/edge-f64-exact-sum
// f64 add with exact partial sums, including 2^52 + 2 and subnormals.
module {
  func.func @main() {
    %input = stablehlo.constant dense<[[4503599627370496.0, 1.0, 1.0], [0x0000000000000001, 0x0000000000000001, 0x8000000000000001]]> : tensor<2x3xf64>
    %init_value = stablehlo.constant dense<0.0> : tensor<f64>
    %result = "stablehlo.reduce"(%input, %init_value) ({
      ^bb0(%arg0: tensor<f64>, %arg1: tensor<f64>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<f64>, tensor<f64>) -> tensor<f64>
        "stablehlo.return"(%0) : (tensor<f64>) -> ()
    }) {
      dimensions = array<i64: 1>
    } : (tensor<2x3xf64>, tensor<f64>) -> tensor<2xf64>
    check.expect_eq_const %result, dense<[4503599627370498.0, 0x0000000000000001]> : tensor<2xf64>
    func.return
  }
}
