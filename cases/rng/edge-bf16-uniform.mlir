// Case: spec/rng/edge-bf16-uniform
// UNIFORM bf16 on [-100.0, 100.0), shape [16].
module {
  func.func @main() {
    %a = stablehlo.constant dense<-100.0> : tensor<bf16>
    %b = stablehlo.constant dense<100.0> : tensor<bf16>
    %shape = stablehlo.constant dense<[16]> : tensor<1xi64>
    %result = "stablehlo.rng"(%a, %b, %shape) {
      rng_distribution = #stablehlo<rng_distribution UNIFORM>
    } : (tensor<bf16>, tensor<bf16>, tensor<1xi64>) -> tensor<16xbf16>
    %a_all = "stablehlo.broadcast_in_dim"(%a) {
      broadcast_dimensions = array<i64>
    } : (tensor<bf16>) -> tensor<16xbf16>
    %b_all = "stablehlo.broadcast_in_dim"(%b) {
      broadcast_dimensions = array<i64>
    } : (tensor<bf16>) -> tensor<16xbf16>
    %at_least_a = "stablehlo.compare"(%result, %a_all) {
      comparison_direction = #stablehlo<comparison_direction GE>
    } : (tensor<16xbf16>, tensor<16xbf16>) -> tensor<16xi1>
    %below_b = "stablehlo.compare"(%result, %b_all) {
      comparison_direction = #stablehlo<comparison_direction LT>
    } : (tensor<16xbf16>, tensor<16xbf16>) -> tensor<16xi1>
    %in_range = stablehlo.and %at_least_a, %below_b : tensor<16xi1>
    %true = stablehlo.constant dense<true> : tensor<i1>
    %all = "stablehlo.reduce"(%in_range, %true) ({
      ^bb0(%arg0: tensor<i1>, %arg1: tensor<i1>):
        %0 = "stablehlo.and"(%arg0, %arg1) : (tensor<i1>, tensor<i1>) -> tensor<i1>
        "stablehlo.return"(%0) : (tensor<i1>) -> ()
    }) {
      dimensions = array<i64: 0>
    } : (tensor<16xi1>, tensor<i1>) -> tensor<i1>
    check.expect_eq_const %all, dense<true> : tensor<i1>
    func.return
  }
}
