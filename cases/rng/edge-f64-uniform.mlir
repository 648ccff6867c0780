// Case: spec/rng/edge-f64-uniform
// UNIFORM f64 on [-2.0, -1.0) (a negative interval), shape [7].
module {
  func.func @main() {
    %a = stablehlo.constant dense<-2.0> : tensor<f64>
    %b = stablehlo.constant dense<-1.0> : tensor<f64>
    %shape = stablehlo.constant dense<[7]> : tensor<1xi64>
    %result = "stablehlo.rng"(%a, %b, %shape) {
      rng_distribution = #stablehlo<rng_distribution UNIFORM>
    } : (tensor<f64>, tensor<f64>, tensor<1xi64>) -> tensor<7xf64>
    %a_all = "stablehlo.broadcast_in_dim"(%a) {
      broadcast_dimensions = array<i64>
    } : (tensor<f64>) -> tensor<7xf64>
    %b_all = "stablehlo.broadcast_in_dim"(%b) {
      broadcast_dimensions = array<i64>
    } : (tensor<f64>) -> tensor<7xf64>
    %at_least_a = "stablehlo.compare"(%result, %a_all) {
      comparison_direction = #stablehlo<comparison_direction GE>
    } : (tensor<7xf64>, tensor<7xf64>) -> tensor<7xi1>
    %below_b = "stablehlo.compare"(%result, %b_all) {
      comparison_direction = #stablehlo<comparison_direction LT>
    } : (tensor<7xf64>, tensor<7xf64>) -> tensor<7xi1>
    %in_range = stablehlo.and %at_least_a, %below_b : tensor<7xi1>
    %true = stablehlo.constant dense<true> : tensor<i1>
    %all = "stablehlo.reduce"(%in_range, %true) ({
      ^bb0(%arg0: tensor<i1>, %arg1: tensor<i1>):
        %0 = "stablehlo.and"(%arg0, %arg1) : (tensor<i1>, tensor<i1>) -> tensor<i1>
        "stablehlo.return"(%0) : (tensor<i1>) -> ()
    }) {
      dimensions = array<i64: 0>
    } : (tensor<7xi1>, tensor<i1>) -> tensor<i1>
    check.expect_eq_const %all, dense<true> : tensor<i1>
    func.return
  }
}
