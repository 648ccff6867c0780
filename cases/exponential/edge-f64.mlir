// Case: spec/exponential/edge-f64
// exp on f64 near overflow (709.78 finite, 709.79 inf) and underflow to subnormals (-745).
// Exact values (mpmath) 1.79282279439451562091e+308, 1.8108409630304691094e+308, 2.82235073047193707635e-324, 2.31074533900937616314e-324, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[709.78, 709.79, -745.0, -745.2]> : tensor<4xf64>
    %result = stablehlo.exponential %operand : tensor<4xf64>
    check.expect_eq_const %result, dense<[1.7928227943945155e+308, 0x7FF0000000000000, 0x0000000000000001, 0.0]> : tensor<4xf64>
    func.return
  }
}
