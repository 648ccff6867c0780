// Case: spec/chlo.acos/edge-special
// acos(1) = +0, acos(-1) = pi, acos outside [-1, 1] and of NaN is NaN.
// Exact values (mpmath) 3.14159265358979323846, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, -1.0, 2.0, 0xFF800000, 0x7FC00000]> : tensor<5xf32>
    %result = chlo.acos %operand : tensor<5xf32> -> tensor<5xf32>
    check.expect_eq_const %result, dense<[0.0, 3.1415927, 0x7FC00000, 0x7FC00000, 0x7FC00000]> : tensor<5xf32>
    func.return
  }
}
