// Case: spec/multiply/edge-bf16
// bf16 multiply.
// Exact values (mpmath) 0.0100195407867431640625, 0.99609375, each rounded to nearest-even bf16.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0.1, 1.0e38, 3.0]> : tensor<3xbf16>
    %rhs = stablehlo.constant dense<[0.1, 10.0, 0.333]> : tensor<3xbf16>
    %result = stablehlo.multiply %lhs, %rhs : tensor<3xbf16>
    check.expect_eq_const %result, dense<[0.01, 0x7F80, 0.99609375]> : tensor<3xbf16>
    func.return
  }
}
