// Case: spec/power/edge-inf
// pow with infinities: |x| < 1 ^ +inf = +0, |x| > 1 ^ +inf = +inf, 2 ^ -inf = +0, (-inf)^3 = -inf, (-inf)^-3 = -0, (-inf)^2 = +inf, inf^-1 = +0.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0.5, -2.0, 2.0, 0xFF800000, 0xFF800000, 0xFF800000, 0x7F800000]> : tensor<7xf32>
    %rhs = stablehlo.constant dense<[0x7F800000, 0x7F800000, 0xFF800000, 3.0, -3.0, 2.0, -1.0]> : tensor<7xf32>
    %result = stablehlo.power %lhs, %rhs : tensor<7xf32>
    check.expect_eq_const %result, dense<[0.0, 0x7F800000, 0.0, 0xFF800000, -0.0, 0x7F800000, 0.0]> : tensor<7xf32>
    func.return
  }
}
