// Case: spec/sine/edge-bf16
// sin on bf16.
// Exact values (mpmath) 0.841470984807896506653, -0.98678145274455494548, 0.000967653438782279464995, each rounded to nearest-even bf16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, 3.39e+38, 3.14]> : tensor<3xbf16>
    %result = stablehlo.sine %operand : tensor<3xbf16>
    check.expect_eq_const %result, dense<[0.83984375, -0.98828125, 0.00097]> : tensor<3xbf16>
    func.return
  }
}
