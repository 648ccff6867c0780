// Case: spec/rng/edge-f16-normal
// NORMAL f16 with mean -1 and standard deviation 2, shape [8]: every element is finite.
module {
  func.func @main() {
    %a = stablehlo.constant dense<-1.0> : tensor<f16>
    %b = stablehlo.constant dense<2.0> : tensor<f16>
    %shape = stablehlo.constant dense<[8]> : tensor<1xi64>
    %result = "stablehlo.rng"(%a, %b, %shape) {
      rng_distribution = #stablehlo<rng_distribution NORMAL>
    } : (tensor<f16>, tensor<f16>, tensor<1xi64>) -> tensor<8xf16>
    %finite = "stablehlo.is_finite"(%result) : (tensor<8xf16>) -> tensor<8xi1>
    %true = stablehlo.constant dense<true> : tensor<i1>
    %all = "stablehlo.reduce"(%finite, %true) ({
      ^bb0(%arg0: tensor<i1>, %arg1: tensor<i1>):
        %0 = "stablehlo.and"(%arg0, %arg1) : (tensor<i1>, tensor<i1>) -> tensor<i1>
        "stablehlo.return"(%0) : (tensor<i1>) -> ()
    }) {
      dimensions = array<i64: 0>
    } : (tensor<8xi1>, tensor<i1>) -> tensor<i1>
    check.expect_eq_const %all, dense<true> : tensor<i1>
    func.return
  }
}
