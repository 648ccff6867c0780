// Case: spec/log/edge-subnormal
// log of f32 subnormals and of the largest finite f32.
// Exact values (mpmath) -103.278929903431851103, -88.029691931113054296, 88.7228390520683530537, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0x00000001, 0x00400000, 3.4028235e+38]> : tensor<3xf32>
    %result = stablehlo.log %operand : tensor<3xf32>
    check.expect_eq_const %result, dense<[-103.27893, -88.02969, 88.72284]> : tensor<3xf32>
    func.return
  }
}
