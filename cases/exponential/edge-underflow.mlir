// Case: spec/exponential/edge-underflow
// f32 underflow: exp(-87) normal, exp(-100) subnormal, exp(-103.9) subnormal, exp(-104) rounds to +0.
// Exact values (mpmath) 1.64581143108227365117e-38, 3.72007597602083596296e-44, 7.53013335774739105706e-46, 6.81355682154529851342e-46, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-87.0, -100.0, -103.9, -104.0]> : tensor<4xf32>
    %result = stablehlo.exponential %operand : tensor<4xf32>
    check.expect_eq_const %result, dense<[1.6458115e-38, 0x0000001B, 0x00000001, 0.0]> : tensor<4xf32>
    func.return
  }
}
