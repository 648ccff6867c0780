// Case: spec/reduce/edge-f32-exact-sum
// f32 add whose partial sums are all exact in f32 (dyadic values, f32 max cancelling), so every
// schedule gives the same result; an exact zero sum with a +0.0 term is +0.0.
module {
  func.func @main() {
    %input = stablehlo.constant dense<[[1.5, 2.25, -0.125, 1024.0], [0.75, -0.0, -0.5, 0.25], [3.4028235e+38, -3.4028235e+38, -0.0, 0.0]]> : tensor<3x4xf32>
    %init_value = stablehlo.constant dense<0.0> : tensor<f32>
    %result = "stablehlo.reduce"(%input, %init_value) ({
      ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%0) : (tensor<f32>) -> ()
    }) {
      dimensions = array<i64: 1>
    } : (tensor<3x4xf32>, tensor<f32>) -> tensor<3xf32>
    check.expect_eq_const %result, dense<[1027.625, 0.5, 0.0]> : tensor<3xf32>
    func.return
  }
}
