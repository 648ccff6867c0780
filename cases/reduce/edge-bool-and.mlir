// Case: spec/reduce/edge-bool-and
// i1 and with init true (all-true test per row).
module {
  func.func @main() {
    %input = stablehlo.constant dense<[[true, true, true], [false, false, false]]> : tensor<2x3xi1>
    %init_value = stablehlo.constant dense<true> : tensor<i1>
    %result = "stablehlo.reduce"(%input, %init_value) ({
      ^bb0(%arg0: tensor<i1>, %arg1: tensor<i1>):
        %0 = "stablehlo.and"(%arg0, %arg1) : (tensor<i1>, tensor<i1>) -> tensor<i1>
        "stablehlo.return"(%0) : (tensor<i1>) -> ()
    }) {
      dimensions = array<i64: 1>
    } : (tensor<2x3xi1>, tensor<i1>) -> tensor<2xi1>
    check.expect_eq_const %result, dense<[true, false]> : tensor<2xi1>
    func.return
  }
}
