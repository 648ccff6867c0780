// Case: spec/dynamic_reshape/edge-i32-shape
// An si32 output_shape, 6 -> 2x1x3 on complex<f32>.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(0.0, -0.0), (1.0, -1.0), (2.0, -2.0), (3.0, -3.0), (4.0, -4.0), (5.0, -5.0)]> : tensor<6xcomplex<f32>>
    %output_shape = stablehlo.constant dense<[2, 1, 3]> : tensor<3xi32>
    %result = "stablehlo.dynamic_reshape"(%operand, %output_shape) : (tensor<6xcomplex<f32>>, tensor<3xi32>) -> tensor<2x1x3xcomplex<f32>>
    check.expect_eq_const %result, dense<[[[(0.0, -0.0), (1.0, -1.0), (2.0, -2.0)]], [[(3.0, -3.0), (4.0, -4.0), (5.0, -5.0)]]]> : tensor<2x1x3xcomplex<f32>>
    func.return
  }
}
