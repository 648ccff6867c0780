// Case: spec/abs/edge-int-extremes
// Integer modulus near the si8 extremes (INT_MIN itself is not representable and is left out).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-127, 127, -1, 0]> : tensor<4xi8>
    %result = stablehlo.abs %operand : tensor<4xi8>
    check.expect_eq_const %result, dense<[127, 127, 1, 0]> : tensor<4xi8>
    func.return
  }
}
