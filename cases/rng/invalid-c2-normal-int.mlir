// Case: spec-invalid/rng/invalid-c2-normal-int
// expect-invalid: rng C2
// A NORMAL distribution of integers.
module {
  func.func @main(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<1xi64>) -> tensor<2xi32> {
    %0 = "stablehlo.rng"(%arg0, %arg1, %arg2) {rng_distribution = #stablehlo<rng_distribution NORMAL>} : (tensor<i32>, tensor<i32>, tensor<1xi64>) -> tensor<2xi32>
    func.return %0 : tensor<2xi32>
  }
}
