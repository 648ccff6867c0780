// Case: spec/xor/edge-unsigned
// Bitwise XOR on ui32.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[4294967295, 2863311530, 0]> : tensor<3xui32>
    %rhs = stablehlo.constant dense<[4294967295, 1431655765, 4294967295]> : tensor<3xui32>
    %result = stablehlo.xor %lhs, %rhs : tensor<3xui32>
    check.expect_eq_const %result, dense<[0, 4294967295, 4294967295]> : tensor<3xui32>
    func.return
  }
}
