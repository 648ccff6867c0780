// Case: spec/atan2/edge-f16
// atan2 on f16.
// Exact values (mpmath) 0.463647609000806116214, 2.81984209919315104506, -1.32581766366803246506, each rounded to nearest-even f16.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[1.0, 1.0, -2.0]> : tensor<3xf16>
    %rhs = stablehlo.constant dense<[2.0, -3.0, 0.5]> : tensor<3xf16>
    %result = stablehlo.atan2 %lhs, %rhs : tensor<3xf16>
    check.expect_eq_const %result, dense<[0.4636, 2.8203125, -1.326]> : tensor<3xf16>
    func.return
  }
}
