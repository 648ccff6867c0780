// Case: spec/chlo.zeta/edge-special
// zeta(x < 1) = NaN (the series diverges), zeta(1, q) = +inf, q a non-positive integer holds
// a term 0^-x (+inf), negative q with non-integer x gives non-real terms (NaN), q = +inf gives +0.
module {
  func.func @main() {
    %x = stablehlo.constant dense<[0.5, 1.0, 2.0, 2.5, 2.0]> : tensor<5xf32>
    %q = stablehlo.constant dense<[1.0, 2.0, -3.0, -0.5, 0x7F800000]> : tensor<5xf32>
    %result = chlo.zeta %x, %q : tensor<5xf32>, tensor<5xf32> -> tensor<5xf32>
    check.expect_eq_const %result, dense<[0x7FC00000, 0x7F800000, 0x7F800000, 0x7FC00000, 0.0]> : tensor<5xf32>
    func.return
  }
}
