// Case: spec/sine/edge-large
// sin of large f32 arguments needs exact argument reduction (f32 max, 1e10, 2^120).
// Exact values (mpmath) -0.521876523333658540552, -0.487506025087510691528, 0.377820109360752022656, -0.0357487979720165093165, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[3.4028235e+38, 1.0e10, 1.329228e+36, -100000.0]> : tensor<4xf32>
    %result = stablehlo.sine %operand : tensor<4xf32>
    check.expect_eq_const %result, dense<[-0.5218765, -0.48750603, 0.3778201, -0.0357488]> : tensor<4xf32>
    func.return
  }
}
