// Case: spec/rng/edge-ui8
// UNIFORM ui8 on [250, 255), shape [20].
module {
  func.func @main() {
    %a = stablehlo.constant dense<250> : tensor<ui8>
    %b = stablehlo.constant dense<255> : tensor<ui8>
    %shape = stablehlo.constant dense<[20]> : tensor<1xi64>
    %result = "stablehlo.rng"(%a, %b, %shape) {
      rng_distribution = #stablehlo<rng_distribution UNIFORM>
    } : (tensor<ui8>, tensor<ui8>, tensor<1xi64>) -> tensor<20xui8>
    %a_all = "stablehlo.broadcast_in_dim"(%a) {
      broadcast_dimensions = array<i64>
    } : (tensor<ui8>) -> tensor<20xui8>
    %b_all = "stablehlo.broadcast_in_dim"(%b) {
      broadcast_dimensions = array<i64>
    } : (tensor<ui8>) -> tensor<20xui8>
    %at_least_a = "stablehlo.compare"(%result, %a_all) {
      comparison_direction = #stablehlo<comparison_direction GE>
    } : (tensor<20xui8>, tensor<20xui8>) -> tensor<20xi1>
    %below_b = "stablehlo.compare"(%result, %b_all) {
      comparison_direction = #stablehlo<comparison_direction LT>
    } : (tensor<20xui8>, tensor<20xui8>) -> tensor<20xi1>
    %in_range = stablehlo.and %at_least_a, %below_b : tensor<20xi1>
    %true = stablehlo.constant dense<true> : tensor<i1>
    %all = "stablehlo.reduce"(%in_range, %true) ({
      ^bb0(%arg0: tensor<i1>, %arg1: tensor<i1>):
        %0 = "stablehlo.and"(%arg0, %arg1) : (tensor<i1>, tensor<i1>) -> tensor<i1>
        "stablehlo.return"(%0) : (tensor<i1>) -> ()
    }) {
      dimensions = array<i64: 0>
    } : (tensor<20xi1>, tensor<i1>) -> tensor<i1>
    check.expect_eq_const %all, dense<true> : tensor<i1>
    func.return
  }
}
