// Case: spec/remainder/edge-inf-nan
// inf % y = NaN, x % 0 = NaN, x % inf = x, NaN propagates.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0x7F800000, 5.0, 5.0, -5.0, 0x7FC00000]> : tensor<5xf32>
    %rhs = stablehlo.constant dense<[2.0, 0.0, 0x7F800000, 0xFF800000, 2.0]> : tensor<5xf32>
    %result = stablehlo.remainder %lhs, %rhs : tensor<5xf32>
    check.expect_eq_const %result, dense<[0x7FC00000, 0x7FC00000, 5.0, -5.0, 0x7FC00000]> : tensor<5xf32>
    func.return
  }
}
