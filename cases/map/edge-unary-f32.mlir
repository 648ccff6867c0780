// Case: spec/map/edge-unary-f32
// map with a single input whose body negates (f32; -(+0) = -0 shows the body runs per element).
module {
  func.func @main() {
    %input = stablehlo.constant dense<[0.0, 1.5, -2.0]> : tensor<3xf32>
    %result = "stablehlo.map"(%input) ({
      ^bb0(%arg0: tensor<f32>):
        %0 = stablehlo.negate %arg0 : tensor<f32>
        stablehlo.return %0 : tensor<f32>
    }) {
      dimensions = array<i64: 0>
    } : (tensor<3xf32>) -> tensor<3xf32>
    check.expect_eq_const %result, dense<[-0.0, -1.5, 2.0]> : tensor<3xf32>
    func.return
  }
}
