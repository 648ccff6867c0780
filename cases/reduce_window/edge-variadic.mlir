// Case: spec/reduce_window/edge-variadic
// Two inputs reduced together: running maximum of input 0 and minimum of input 1 over windows of 3.
module {
  func.func @main() {
    %input0 = stablehlo.constant dense<[3, -1, 4, 1, -5, 9]> : tensor<6xi32>
    %input1 = stablehlo.constant dense<[2, 7, 1, 8, 2, 8]> : tensor<6xi32>
    %init_value0 = stablehlo.constant dense<-2147483648> : tensor<i32>
    %init_value1 = stablehlo.constant dense<2147483647> : tensor<i32>
    %result0, %result1 = "stablehlo.reduce_window"(%input0, %input1, %init_value0, %init_value1) ({
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<i32>, %arg3: tensor<i32>):
        %0 = "stablehlo.maximum"(%arg0, %arg2) : (tensor<i32>, tensor<i32>) -> tensor<i32>
        %1 = "stablehlo.minimum"(%arg1, %arg3) : (tensor<i32>, tensor<i32>) -> tensor<i32>
        "stablehlo.return"(%0, %1) : (tensor<i32>, tensor<i32>) -> ()
    }) {
      window_dimensions = array<i64: 3>
    } : (tensor<6xi32>, tensor<6xi32>, tensor<i32>, tensor<i32>) -> (tensor<4xi32>, tensor<4xi32>)
    check.expect_eq_const %result0, dense<[4, 4, 4, 9]> : tensor<4xi32>
    check.expect_eq_const %result1, dense<[1, 1, 1, 2]> : tensor<4xi32>
    func.return
  }
}
