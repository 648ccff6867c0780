// Case: spec/multiply/edge-ui8-wrap
// ui8 wrap-around: 16 * 16 = 0, 255 * 255 = 1.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[16, 255, 15]> : tensor<3xui8>
    %rhs = stablehlo.constant dense<[16, 255, 17]> : tensor<3xui8>
    %result = stablehlo.multiply %lhs, %rhs : tensor<3xui8>
    check.expect_eq_const %result, dense<[0, 1, 255]> : tensor<3xui8>
    func.return
  }
}
