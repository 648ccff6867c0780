// Case: spec/reduce/edge-max-float
// maximum over rows of f32 with init -inf: a NaN anywhere gives NaN; maximum(-0, +0) = +0; a row of
// -inf gives -inf.
module {
  func.func @main() {
    %input = stablehlo.constant dense<[[1.0, 0x7FC00000, 3.0], [-0.0, 0.0, -0.0], [0xFF800000, 0xFF800000, 0xFF800000], [-1.0, 3.4028235e+38, 2.0]]> : tensor<4x3xf32>
    %init_value = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %result = "stablehlo.reduce"(%input, %init_value) ({
      ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
        %0 = "stablehlo.maximum"(%arg0, %arg1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%0) : (tensor<f32>) -> ()
    }) {
      dimensions = array<i64: 1>
    } : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf32>
    check.expect_eq_const %result, dense<[0x7FC00000, 0.0, 0xFF800000, 3.4028235e+38]> : tensor<4xf32>
    func.return
  }
}
