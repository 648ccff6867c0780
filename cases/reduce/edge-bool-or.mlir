// Case: spec/reduce/edge-bool-or
// i1 or with init false (any-true test per column).
module {
  func.func @main() {
    %input = stablehlo.constant dense<[[true, false, false], [false, false, true]]> : tensor<2x3xi1>
    %init_value = stablehlo.constant dense<false> : tensor<i1>
    %result = "stablehlo.reduce"(%input, %init_value) ({
      ^bb0(%arg0: tensor<i1>, %arg1: tensor<i1>):
        %0 = "stablehlo.or"(%arg0, %arg1) : (tensor<i1>, tensor<i1>) -> tensor<i1>
        "stablehlo.return"(%0) : (tensor<i1>) -> ()
    }) {
      dimensions = array<i64: 0>
    } : (tensor<2x3xi1>, tensor<i1>) -> tensor<3xi1>
    check.expect_eq_const %result, dense<[true, false, true]> : tensor<3xi1>
    func.return
  }
}
