// Case: spec/subtract/edge-ui8-wrap
// ui8 wrap-around: 0 - 1 = 255.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0, 5, 255]> : tensor<3xui8>
    %rhs = stablehlo.constant dense<[1, 10, 255]> : tensor<3xui8>
    %result = stablehlo.subtract %lhs, %rhs : tensor<3xui8>
    check.expect_eq_const %result, dense<[255, 251, 0]> : tensor<3xui8>
    func.return
  }
}
