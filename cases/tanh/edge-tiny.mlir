// Case: spec/tanh/edge-tiny
// tanh of tiny arguments rounds to the argument (including subnormals).
// Exact values (mpmath) 1.00000001335143196001e-10, -1.40129846432481707092e-45, 0.000999999714164203807914, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0e-10, 0x80000001, 0.001]> : tensor<3xf32>
    %result = stablehlo.tanh %operand : tensor<3xf32>
    check.expect_eq_const %result, dense<[1.0e-10, 0x80000001, 0.0009999997]> : tensor<3xf32>
    func.return
  }
}
