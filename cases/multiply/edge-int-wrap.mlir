// Case: spec/multiply/edge-int-wrap
// Two's-complement wrap-around: si8 64 * 2 = -128, -128 * -1 = -128, si32 65536 * 65536 = 0.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[64, -128, 16, -1]> : tensor<4xi8>
    %rhs = stablehlo.constant dense<[2, -1, 16, -1]> : tensor<4xi8>
    %result = stablehlo.multiply %lhs, %rhs : tensor<4xi8>
    check.expect_eq_const %result, dense<[-128, -128, 0, 1]> : tensor<4xi8>
    func.return
  }
}
