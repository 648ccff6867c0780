// Case: spec/cosine/edge-f64
// cos on f64: 1e22, f64 max, nearest double to pi/2.
// Exact values (mpmath) 0.523214785395138945498, -0.999987689426559937465, 6.12323399573676588613e-17, 0.540302305868139717401, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0e+22, 1.7976931348623157e+308, 1.5707963267948966, 1.0]> : tensor<4xf64>
    %result = stablehlo.cosine %operand : tensor<4xf64>
    check.expect_eq_const %result, dense<[0.523214785395139, -0.9999876894265599, 6.123233995736766e-17, 0.5403023058681398]> : tensor<4xf64>
    func.return
  }
}
