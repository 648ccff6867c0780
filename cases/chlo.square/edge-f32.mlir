// Case: spec/chlo.square/edge-f32
// square(x) = x * x, rounded once; -0 squares to +0; 2e19^2 overflows f32.
// Exact values (mpmath) 1.21000005245208797078, 9.0, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.1, -3.0, -0.0, 2.0e19, 0x7FC00000]> : tensor<5xf32>
    %result = chlo.square %operand : tensor<5xf32> -> tensor<5xf32>
    check.expect_eq_const %result, dense<[1.21, 9.0, 0.0, 0x7F800000, 0x7FC00000]> : tensor<5xf32>
    func.return
  }
}
