// Case: spec/reduce/edge-no-dims-int
// dimensions = [] on si32 add with init 0 is the identity.
module {
  func.func @main() {
    %input = stablehlo.constant dense<[-7, 0, 2147483647]> : tensor<3xi32>
    %init_value = stablehlo.constant dense<0> : tensor<i32>
    %result = "stablehlo.reduce"(%input, %init_value) ({
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
        "stablehlo.return"(%0) : (tensor<i32>) -> ()
    }) {
      dimensions = array<i64>
    } : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
    check.expect_eq_const %result, dense<[-7, 0, 2147483647]> : tensor<3xi32>
    func.return
  }
}
