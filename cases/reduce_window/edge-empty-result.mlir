// Case: spec/reduce_window/edge-empty-result
// Spec: a window larger than the padded input gives no windows (window 4 on 3 elements ->
// a 0-sized result).
module {
  func.func @main() {
    %input = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
    %init_value = stablehlo.constant dense<0> : tensor<i32>
    %result = "stablehlo.reduce_window"(%input, %init_value) ({
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
        "stablehlo.return"(%0) : (tensor<i32>) -> ()
    }) {
      window_dimensions = array<i64: 4>
    } : (tensor<3xi32>, tensor<i32>) -> tensor<0xi32>
    check.expect_eq_const %result, dense<> : tensor<0xi32>
    func.return
  }
}
