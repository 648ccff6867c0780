// Case: spec/chlo.erfc/edge-rounding-f32
// erfc of f32 arguments, correctly rounded; erfc(10) is an f32 subnormal-free tiny value.
// Exact values (mpmath) 0.479500122186953462317, 1.96610514647531072707, 2.088487583762544757e-45, 0.999999988716208397622, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.5, -1.5, 10.0, 1.0e-8]> : tensor<4xf32>
    %result = chlo.erfc %operand : tensor<4xf32> -> tensor<4xf32>
    check.expect_eq_const %result, dense<[0.47950011, 1.9661051, 0x00000001, 1.0]> : tensor<4xf32>
    func.return
  }
}
