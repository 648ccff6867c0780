// Case: spec/subtract/edge-overflow
// f32 overflow: -max - max = -inf.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-3.4028235e+38, 3.4028235e+38]> : tensor<2xf32>
    %rhs = stablehlo.constant dense<[3.4028235e+38, -3.4028235e+38]> : tensor<2xf32>
    %result = stablehlo.subtract %lhs, %rhs : tensor<2xf32>
    check.expect_eq_const %result, dense<[0xFF800000, 0x7F800000]> : tensor<2xf32>
    func.return
  }
}
