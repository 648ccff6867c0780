// Case: spec/reduce_precision/edge-f64-e8m23
// e8m23 (f32 format) on f64: rounds to f32 precision; above the f32 range -> inf; 1e-40 (f32-subnormal range) underflows to 0 per the spec rule.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.1, 3.5e+38, 1.0e-40]> : tensor<3xf64>
    %output = stablehlo.reduce_precision %operand, format = e8m23 : tensor<3xf64>
    check.expect_eq_const %output, dense<[0.10000000149011612, 0x7FF0000000000000, 0.0]> : tensor<3xf64>
    func.return
  }
}
