// Case: spec/sine/edge-tiny
// sin of tiny arguments rounds to the argument (including subnormals).
// Exact values (mpmath) 9.99999968265522538897e-21, -1.00000000317107685097e-30, 1.40129846432481707092e-45, -1.17549435082228750797e-38, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0e-20, -1.0e-30, 0x00000001, -1.1754944e-38]> : tensor<4xf32>
    %result = stablehlo.sine %operand : tensor<4xf32>
    check.expect_eq_const %result, dense<[1.0e-20, -1.0e-30, 0x00000001, -1.1754944e-38]> : tensor<4xf32>
    func.return
  }
}
