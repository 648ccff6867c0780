// Case: spec/reduce/edge-multiply-int
// si32 multiply with init 1 (the identity).
module {
  func.func @main() {
    %input = stablehlo.constant dense<[[2, -3, 4], [5, 6, -1]]> : tensor<2x3xi32>
    %init_value = stablehlo.constant dense<1> : tensor<i32>
    %result = "stablehlo.reduce"(%input, %init_value) ({
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
        %0 = "stablehlo.multiply"(%arg0, %arg1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
        "stablehlo.return"(%0) : (tensor<i32>) -> ()
    }) {
      dimensions = array<i64: 1>
    } : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
    check.expect_eq_const %result, dense<[-24, -30]> : tensor<2xi32>
    func.return
  }
}
