// Case: spec/maximum/edge-f16
// maximum on f16 (NaN, signed zero).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0x7E00, -0.0, 1.0]> : tensor<3xf16>
    %rhs = stablehlo.constant dense<[1.0, 0.0, 65504.0]> : tensor<3xf16>
    %result = stablehlo.maximum %lhs, %rhs : tensor<3xf16>
    check.expect_eq_const %result, dense<[0x7E00, 0.0, 65504.0]> : tensor<3xf16>
    func.return
  }
}
