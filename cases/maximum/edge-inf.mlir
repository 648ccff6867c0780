// Case: spec/maximum/edge-inf
// maximum with infinities and subnormals.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0xFF800000, 0x7F800000, 0x80000001, 0x00000001]> : tensor<4xf32>
    %rhs = stablehlo.constant dense<[-3.4028235e+38, 3.4028235e+38, -0.0, 0.0]> : tensor<4xf32>
    %result = stablehlo.maximum %lhs, %rhs : tensor<4xf32>
    check.expect_eq_const %result, dense<[-3.4028235e+38, 0x7F800000, -0.0, 0x00000001]> : tensor<4xf32>
    func.return
  }
}
