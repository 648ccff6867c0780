// Case: spec/compare/edge-unsigned-int
// UNSIGNED comparison on ui8: 255 is the largest value.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[255, 0, 128]> : tensor<3xui8>
    %rhs = stablehlo.constant dense<[0, 255, 127]> : tensor<3xui8>
    %r0 = stablehlo.compare GT, %lhs, %rhs, UNSIGNED : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xi1>
    check.expect_eq_const %r0, dense<[true, false, true]> : tensor<3xi1>
    %r1 = stablehlo.compare LE, %lhs, %rhs, UNSIGNED : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xi1>
    check.expect_eq_const %r1, dense<[false, true, false]> : tensor<3xi1>
    func.return
  }
}
