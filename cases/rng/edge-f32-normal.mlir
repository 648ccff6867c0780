// Case: spec/rng/edge-f32-normal
// NORMAL f32 with mean 0 and standard deviation 1, shape [3, 4]: every element is finite.
module {
  func.func @main() {
    %a = stablehlo.constant dense<0.0> : tensor<f32>
    %b = stablehlo.constant dense<1.0> : tensor<f32>
    %shape = stablehlo.constant dense<[3, 4]> : tensor<2xi64>
    %result = "stablehlo.rng"(%a, %b, %shape) {
      rng_distribution = #stablehlo<rng_distribution NORMAL>
    } : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x4xf32>
    %finite = "stablehlo.is_finite"(%result) : (tensor<3x4xf32>) -> tensor<3x4xi1>
    %true = stablehlo.constant dense<true> : tensor<i1>
    %all = "stablehlo.reduce"(%finite, %true) ({
      ^bb0(%arg0: tensor<i1>, %arg1: tensor<i1>):
        %0 = "stablehlo.and"(%arg0, %arg1) : (tensor<i1>, tensor<i1>) -> tensor<i1>
        "stablehlo.return"(%0) : (tensor<i1>) -> ()
    }) {
      dimensions = array<i64: 0, 1>
    } : (tensor<3x4xi1>, tensor<i1>) -> tensor<i1>
    check.expect_eq_const %all, dense<true> : tensor<i1>
    func.return
  }
}
