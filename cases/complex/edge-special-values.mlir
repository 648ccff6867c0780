// Case: spec/complex/edge-special-values
// complex keeps each part bit-exactly: -0.0, infinities, NaN, subnormals.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-0.0, 0x7F800000, 0x7FC00000, 0x00000001]> : tensor<4xf32>
    %rhs = stablehlo.constant dense<[0.0, 0xFF800000, 1.0, -0.0]> : tensor<4xf32>
    %result = stablehlo.complex %lhs, %rhs : tensor<4xcomplex<f32>>
    check.expect_eq_const %result, dense<[(-0.0, 0.0), (0x7F800000, 0xFF800000), (0x7FC00000, 1.0), (0x00000001, -0.0)]> : tensor<4xcomplex<f32>>
    func.return
  }
}
