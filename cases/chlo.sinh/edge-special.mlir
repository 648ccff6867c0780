// Case: spec/chlo.sinh/edge-special
// sinh(+-0) = +-0, sinh(+-inf) = +-inf, overflow beyond 89.4159 in f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.0, -0.0, 0x7F800000, 0xFF800000, -90.0, 0x7FC00000]> : tensor<6xf32>
    %result = chlo.sinh %operand : tensor<6xf32> -> tensor<6xf32>
    check.expect_eq_const %result, dense<[0.0, -0.0, 0x7F800000, 0xFF800000, 0xFF800000, 0x7FC00000]> : tensor<6xf32>
    func.return
  }
}
