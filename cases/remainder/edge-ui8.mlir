// Case: spec/remainder/edge-ui8
// Unsigned remainder on ui8.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[255, 200, 7]> : tensor<3xui8>
    %rhs = stablehlo.constant dense<[16, 7, 255]> : tensor<3xui8>
    %result = stablehlo.remainder %lhs, %rhs : tensor<3xui8>
    check.expect_eq_const %result, dense<[15, 4, 7]> : tensor<3xui8>
    func.return
  }
}
