// Case: spec/tan/edge-pi-f64
// tan of the doubles nearest pi/2, pi and 3pi/2 (what the spec's tan example prints: 1.63312e+16, ~0, 5.44375e+15).
// Exact values (mpmath) 16331239353195369.756, -1.22464679914735317723e-16, 5443746451065123.25199, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.5707963267948966, 3.141592653589793, 4.71238898038469]> : tensor<3xf64>
    %result = stablehlo.tan %operand : tensor<3xf64>
    check.expect_eq_const %result, dense<[16331239353195370.0, -1.2246467991473532e-16, 5443746451065123.0]> : tensor<3xf64>
    func.return
  }
}
