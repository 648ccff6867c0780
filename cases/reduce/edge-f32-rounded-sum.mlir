// Case: spec/reduce/edge-f32-rounded-sum
// f32 add of ten copies of f32(0.1) (= 0.100000001490116119384765625): the exact sum is not an
// f32 value (a left-to-right f32 sum gives 1.0000001 instead, which is within the evaluator's accumulation bound).
// Exact sum 1.0000000149011611938 (mpmath) -> correctly rounded f32 1.0; the spec leaves the order of the sum to the
// implementation, and the reference evaluator rounds the exact sum once.
module {
  func.func @main() {
    %input = stablehlo.constant dense<[0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1]> : tensor<10xf32>
    %init_value = stablehlo.constant dense<0.0> : tensor<f32>
    %result = "stablehlo.reduce"(%input, %init_value) ({
      ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%0) : (tensor<f32>) -> ()
    }) {
      dimensions = array<i64: 0>
    } : (tensor<10xf32>, tensor<f32>) -> tensor<f32>
    check.expect_eq_const %result, dense<1.0> : tensor<f32>
    func.return
  }
}
