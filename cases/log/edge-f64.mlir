// Case: spec/log/edge-f64
// log on f64 (smallest subnormal, max, 10).
// Exact values (mpmath) -744.440071921381262314, 709.782712893383996732, 2.30258509299404568402, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0x0000000000000001, 1.7976931348623157e+308, 10.0]> : tensor<3xf64>
    %result = stablehlo.log %operand : tensor<3xf64>
    check.expect_eq_const %result, dense<[-744.4400719213812, 709.782712893384, 2.302585092994046]> : tensor<3xf64>
    func.return
  }
}
