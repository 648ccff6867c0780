// Case: spec/minimum/edge-bf16
// minimum on bf16 (NaN, signed zero).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0x7FC0, -0.0, -1.0]> : tensor<3xbf16>
    %rhs = stablehlo.constant dense<[1.0, 0.0, 0xFF80]> : tensor<3xbf16>
    %result = stablehlo.minimum %lhs, %rhs : tensor<3xbf16>
    check.expect_eq_const %result, dense<[0x7FC0, -0.0, 0xFF80]> : tensor<3xbf16>
    func.return
  }
}
