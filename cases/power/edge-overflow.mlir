// Case: spec/power/edge-overflow
// pow overflow to inf and underflow to subnormal / zero on f32.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[2.0, 2.0, 2.0, -2.0]> : tensor<4xf32>
    %rhs = stablehlo.constant dense<[128.0, -149.0, -150.0, 127.0]> : tensor<4xf32>
    %result = stablehlo.power %lhs, %rhs : tensor<4xf32>
    check.expect_eq_const %result, dense<[0x7F800000, 0x00000001, 0.0, -1.7014118e+38]> : tensor<4xf32>
    func.return
  }
}
