// Case: spec/reduce_window/edge-padding
// Spec: padding is filled with the init value: window 3, stride 1, padding [1, 1] on 1..5 (si32 add, init 0).
module {
  func.func @main() {
    %input = stablehlo.constant dense<[1, 2, 3, 4, 5]> : tensor<5xi32>
    %init_value = stablehlo.constant dense<0> : tensor<i32>
    %result = "stablehlo.reduce_window"(%input, %init_value) ({
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
        "stablehlo.return"(%0) : (tensor<i32>) -> ()
    }) {
      window_dimensions = array<i64: 3>,
      window_strides = array<i64: 1>,
      padding = dense<[[1, 1]]> : tensor<1x2xi64>
    } : (tensor<5xi32>, tensor<i32>) -> tensor<5xi32>
    check.expect_eq_const %result, dense<[3, 6, 9, 12, 9]> : tensor<5xi32>
    func.return
  }
}
