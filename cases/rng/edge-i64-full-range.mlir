// Case: spec/rng/edge-i64-full-range
// UNIFORM si64 on [-2^63, 2^63 - 1): the widest interval of the type.
module {
  func.func @main() {
    %a = stablehlo.constant dense<-9223372036854775808> : tensor<i64>
    %b = stablehlo.constant dense<9223372036854775807> : tensor<i64>
    %shape = stablehlo.constant dense<[10]> : tensor<1xi64>
    %result = "stablehlo.rng"(%a, %b, %shape) {
      rng_distribution = #stablehlo<rng_distribution UNIFORM>
    } : (tensor<i64>, tensor<i64>, tensor<1xi64>) -> tensor<10xi64>
    %a_all = "stablehlo.broadcast_in_dim"(%a) {
      broadcast_dimensions = array<i64>
    } : (tensor<i64>) -> tensor<10xi64>
    %b_all = "stablehlo.broadcast_in_dim"(%b) {
      broadcast_dimensions = array<i64>
    } : (tensor<i64>) -> tensor<10xi64>
    %at_least_a = "stablehlo.compare"(%result, %a_all) {
      comparison_direction = #stablehlo<comparison_direction GE>
    } : (tensor<10xi64>, tensor<10xi64>) -> tensor<10xi1>
    %below_b = "stablehlo.compare"(%result, %b_all) {
      comparison_direction = #stablehlo<comparison_direction LT>
    } : (tensor<10xi64>, tensor<10xi64>) -> tensor<10xi1>
    %in_range = stablehlo.and %at_least_a, %below_b : tensor<10xi1>
    %true = stablehlo.constant dense<true> : tensor<i1>
    %all = "stablehlo.reduce"(%in_range, %true) ({
      ^bb0(%arg0: tensor<i1>, %arg1: tensor<i1>):
        %0 = "stablehlo.and"(%arg0, %arg1) : (tensor<i1>, tensor<i1>) -> tensor<i1>
        "stablehlo.return"(%0) : (tensor<i1>) -> ()
    }) {
      dimensions = array<i64: 0>
    } : (tensor<10xi1>, tensor<i1>) -> tensor<i1>
    check.expect_eq_const %all, dense<true> : tensor<i1>
    func.return
  }
}
