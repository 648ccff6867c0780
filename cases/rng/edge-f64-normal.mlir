// Case: spec/rng/edge-f64-normal
// NORMAL f64 with mean 10 and standard deviation 0.5, shape [5]: every element is finite.
module {
  func.func @main() {
    %a = stablehlo.constant dense<10.0> : tensor<f64>
    %b = stablehlo.constant dense<0.5> : tensor<f64>
    %shape = stablehlo.constant dense<[5]> : tensor<1xi64>
    %result = "stablehlo.rng"(%a, %b, %shape) {
      rng_distribution = #stablehlo<rng_distribution NORMAL>
    } : (tensor<f64>, tensor<f64>, tensor<1xi64>) -> tensor<5xf64>
    %finite = "stablehlo.is_finite"(%result) : (tensor<5xf64>) -> tensor<5xi1>
    %true = stablehlo.constant dense<true> : tensor<i1>
    %all = "stablehlo.reduce"(%finite, %true) ({
      ^bb0(%arg0: tensor<i1>, %arg1: tensor<i1>):
        %0 = "stablehlo.and"(%arg0, %arg1) : (tensor<i1>, tensor<i1>) -> tensor<i1>
        "stablehlo.return"(%0) : (tensor<i1>) -> ()
    }) {
      dimensions = array<i64: 0>
    } : (tensor<5xi1>, tensor<i1>) -> tensor<i1>
    check.expect_eq_const %all, dense<true> : tensor<i1>
    func.return
  }
}
