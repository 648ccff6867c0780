// Case: spec/broadcast_in_dim/edge-complex
// broadcast_in_dim on complex<f64>.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(1.5, -0.0), (0x7FF0000000000000, -2.0)]> : tensor<2xcomplex<f64>>
    %result = "stablehlo.broadcast_in_dim"(%operand) {
      broadcast_dimensions = array<i64: 1>
    } : (tensor<2xcomplex<f64>>) -> tensor<2x2xcomplex<f64>>
    check.expect_eq_const %result, dense<[[(1.5, -0.0), (0x7FF0000000000000, -2.0)], [(1.5, -0.0), (0x7FF0000000000000, -2.0)]]> : tensor<2x2xcomplex<f64>>
    func.return
  }
}
