// Case: spec/rng/edge-bf16-normal
// NORMAL bf16 with mean 0 and standard deviation 1, shape [2, 2]: every element is finite.
module {
  func.func @main() {
    %a = stablehlo.constant dense<0.0> : tensor<bf16>
    %b = stablehlo.constant dense<1.0> : tensor<bf16>
    %shape = stablehlo.constant dense<[2, 2]> : tensor<2xi64>
    %result = "stablehlo.rng"(%a, %b, %shape) {
      rng_distribution = #stablehlo<rng_distribution NORMAL>
    } : (tensor<bf16>, tensor<bf16>, tensor<2xi64>) -> tensor<2x2xbf16>
    %finite = "stablehlo.is_finite"(%result) : (tensor<2x2xbf16>) -> tensor<2x2xi1>
    %true = stablehlo.constant dense<true> : tensor<i1>
    %all = "stablehlo.reduce"(%finite, %true) ({
      ^bb0(%arg0: tensor<i1>, %arg1: tensor<i1>):
        %0 = "stablehlo.and"(%arg0, %arg1) : (tensor<i1>, tensor<i1>) -> tensor<i1>
        "stablehlo.return"(%0) : (tensor<i1>) -> ()
    }) {
      dimensions = array<i64: 0, 1>
    } : (tensor<2x2xi1>, tensor<i1>) -> tensor<i1>
    check.expect_eq_const %all, dense<true> : tensor<i1>
    func.return
  }
}
