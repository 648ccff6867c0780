// Case: spec/compare/edge-signed-int
// SIGNED comparison on si8: -128 < 127, -1 < 0.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-128, -1, 127, 5]> : tensor<4xi8>
    %rhs = stablehlo.constant dense<[127, 0, -128, 5]> : tensor<4xi8>
    %r0 = stablehlo.compare LT, %lhs, %rhs, SIGNED : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi1>
    check.expect_eq_const %r0, dense<[true, true, false, false]> : tensor<4xi1>
    %r1 = stablehlo.compare GE, %lhs, %rhs, SIGNED : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi1>
    check.expect_eq_const %r1, dense<[false, false, true, true]> : tensor<4xi1>
    %r2 = stablehlo.compare EQ, %lhs, %rhs, SIGNED : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi1>
    check.expect_eq_const %r2, dense<[false, false, false, true]> : tensor<4xi1>
    %r3 = stablehlo.compare NE, %lhs, %rhs, SIGNED : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi1>
    check.expect_eq_const %r3, dense<[true, true, true, false]> : tensor<4xi1>
    func.return
  }
}
