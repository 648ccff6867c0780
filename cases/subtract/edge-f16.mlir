// Case: spec/subtract/edge-f16
// f16 subtraction.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-65504.0, 1.0, 0.00006104]> : tensor<3xf16>
    %rhs = stablehlo.constant dense<[16.0, 0.0002441, 0x0001]> : tensor<3xf16>
    %result = stablehlo.subtract %lhs, %rhs : tensor<3xf16>
    check.expect_eq_const %result, dense<[0xFC00, 1.0, 0x03FF]> : tensor<3xf16>
    func.return
  }
}
