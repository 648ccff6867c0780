// Case: spec/abs/example-1
// From the spec's `abs` example (si32 integer modulus).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-2, 0, 2]> : tensor<3xi32>
    %result = stablehlo.abs %operand : tensor<3xi32>
    check.expect_eq_const %result, dense<[2, 0, 2]> : tensor<3xi32>
    func.return
  }
}
