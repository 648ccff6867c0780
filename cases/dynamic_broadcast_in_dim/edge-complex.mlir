// Case: spec/dynamic_broadcast_in_dim/edge-complex
// dynamic_broadcast_in_dim on complex<f32> with a permuting broadcast_dimensions [1, 0].
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[(1.0, 2.0)], [(3.0, -4.0)]]> : tensor<2x1xcomplex<f32>>
    %output_dimensions = stablehlo.constant dense<[3, 2]> : tensor<2xi64>
    %result = "stablehlo.dynamic_broadcast_in_dim"(%operand, %output_dimensions) {
      broadcast_dimensions = array<i64: 1, 0>,
      known_expanding_dimensions = array<i64: 1>
    } : (tensor<2x1xcomplex<f32>>, tensor<2xi64>) -> tensor<3x2xcomplex<f32>>
    check.expect_eq_const %result, dense<[[(1.0, 2.0), (3.0, -4.0)], [(1.0, 2.0), (3.0, -4.0)], [(1.0, 2.0), (3.0, -4.0)]]> : tensor<3x2xcomplex<f32>>
    func.return
  }
}
