// Case: spec/multiply/edge-overflow
// f32 overflow to +-inf and underflow to subnormal / signed zero.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[3.4028235e+38, 1.0e30, 1.1754944e-38, -1.1754944e-38, 0x00000001]> : tensor<5xf32>
    %rhs = stablehlo.constant dense<[2.0, -1.0e30, 0.5, 1.1754944e-38, 0.5]> : tensor<5xf32>
    %result = stablehlo.multiply %lhs, %rhs : tensor<5xf32>
    check.expect_eq_const %result, dense<[0x7F800000, 0xFF800000, 0x00400000, -0.0, 0.0]> : tensor<5xf32>
    func.return
  }
}
