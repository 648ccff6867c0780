// Case: spec/reduce/edge-empty-dim
// Reducing a zero-sized dimension gives the init value (the identity): add with +0.0 gives +0.0,
// maximum with -inf gives -inf.
module {
  func.func @main() {
    %input = stablehlo.constant dense<> : tensor<2x0xf32>
    %zero = stablehlo.constant dense<0.0> : tensor<f32>
    %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %sum = "stablehlo.reduce"(%input, %zero) ({
      ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%0) : (tensor<f32>) -> ()
    }) {
      dimensions = array<i64: 1>
    } : (tensor<2x0xf32>, tensor<f32>) -> tensor<2xf32>
    %max = "stablehlo.reduce"(%input, %ninf) ({
      ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
        %0 = "stablehlo.maximum"(%arg0, %arg1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%0) : (tensor<f32>) -> ()
    }) {
      dimensions = array<i64: 1>
    } : (tensor<2x0xf32>, tensor<f32>) -> tensor<2xf32>
    check.expect_eq_const %sum, dense<[0.0, 0.0]> : tensor<2xf32>
    check.expect_eq_const %max, dense<[0xFF800000, 0xFF800000]> : tensor<2xf32>
    func.return
  }
}
