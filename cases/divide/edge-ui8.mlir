// Case: spec/divide/edge-ui8
// Unsigned division on ui8.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[255, 200, 7]> : tensor<3xui8>
    %rhs = stablehlo.constant dense<[2, 7, 255]> : tensor<3xui8>
    %result = stablehlo.divide %lhs, %rhs : tensor<3xui8>
    check.expect_eq_const %result, dense<[127, 28, 0]> : tensor<3xui8>
    func.return
  }
}
