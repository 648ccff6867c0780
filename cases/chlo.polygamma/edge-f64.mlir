// Case: spec/chlo.polygamma/edge-f64
// polygamma(n, x) = (-1)^(n+1) n! zeta(n + 1, x); n = 0 is digamma.
// Exact values (mpmath) 1.64493406684822643647, -16.8287966442343199956, 194.594276219187622422, -0.577215664901532860607, each rounded to nearest-even f64.
module {
  func.func @main() {
    %n = stablehlo.constant dense<[1.0, 2.0, 3.0, 0.0]> : tensor<4xf64>
    %x = stablehlo.constant dense<[1.0, 0.5, -1.5, 1.0]> : tensor<4xf64>
    %result = chlo.polygamma %n, %x : tensor<4xf64>, tensor<4xf64> -> tensor<4xf64>
    check.expect_eq_const %result, dense<[1.6449340668482264, -16.82879664423432, 194.59427621918763, -0.5772156649015329]> : tensor<4xf64>
    func.return
  }
}
