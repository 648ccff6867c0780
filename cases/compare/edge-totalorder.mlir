// Case: spec/compare/edge-totalorder
// TOTALORDER orders -NaN < -inf < -max < -subnormal < -0 < +0 < subnormal < +inf < +NaN (strict LT/GT between distinct encodings).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0xFFC00000, 0xFF800000, -0.0, -0.0, 0x00000001, 0x7F800000, -3.4028235e+38]> : tensor<7xf32>
    %rhs = stablehlo.constant dense<[0xFF800000, -3.4028235e+38, 0.0, 0x80000001, 0.0, 0x7FC00000, 0xFF800000]> : tensor<7xf32>
    %r0 = stablehlo.compare LT, %lhs, %rhs, TOTALORDER : (tensor<7xf32>, tensor<7xf32>) -> tensor<7xi1>
    check.expect_eq_const %r0, dense<[true, true, true, false, false, true, false]> : tensor<7xi1>
    %r1 = stablehlo.compare GT, %lhs, %rhs, TOTALORDER : (tensor<7xf32>, tensor<7xf32>) -> tensor<7xi1>
    check.expect_eq_const %r1, dense<[false, false, false, true, true, false, true]> : tensor<7xi1>
    %r2 = stablehlo.compare LE, %lhs, %rhs, TOTALORDER : (tensor<7xf32>, tensor<7xf32>) -> tensor<7xi1>
    check.expect_eq_const %r2, dense<[true, true, true, false, false, true, false]> : tensor<7xi1>
    %r3 = stablehlo.compare GE, %lhs, %rhs, TOTALORDER : (tensor<7xf32>, tensor<7xf32>) -> tensor<7xi1>
    check.expect_eq_const %r3, dense<[false, false, false, true, true, false, true]> : tensor<7xi1>
    func.return
  }
}
