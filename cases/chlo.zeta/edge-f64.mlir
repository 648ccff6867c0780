// Case: spec/chlo.zeta/edge-f64
// Hurwitz zeta(x, q) = sum (q + n)^-x on f64: Riemann zeta(2) = pi^2/6, then values from the
// Euler-Maclaurin sum and from the direct sum (docs/design/chlo.md).
// Exact values (mpmath) 1.64493406684822643647, 8.4143983221171599978, 1.40377976885682579582, 32.4579793698646037369, 1.39295635797070380417e-24, each rounded to nearest-even f64.
module {
  func.func @main() {
    %x = stablehlo.constant dense<[2.0, 3.0, 1.5, 4.0, 50.0]> : tensor<5xf64>
    %q = stablehlo.constant dense<[1.0, 0.5, 2.5, -2.5, 3.0]> : tensor<5xf64>
    %result = chlo.zeta %x, %q : tensor<5xf64>, tensor<5xf64> -> tensor<5xf64>
    check.expect_eq_const %result, dense<[1.6449340668482264, 8.41439832211716, 1.4037797688568259, 32.4579793698646, 1.3929563579707038e-24]> : tensor<5xf64>
    func.return
  }
}
