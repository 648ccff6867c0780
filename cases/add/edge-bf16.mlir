// Case: spec/add/edge-bf16
// bf16 addition: 256 + 1 = 256 (tie to even), 1 + 2^-7, max + max = inf.
// Exact values (mpmath) 257.0, 1.0078125, 0.30029296875, each rounded to nearest-even bf16.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[256.0, 1.0, 3.39e+38, 0.1]> : tensor<4xbf16>
    %rhs = stablehlo.constant dense<[1.0, 0.0078125, 3.39e+38, 0.2]> : tensor<4xbf16>
    %result = stablehlo.add %lhs, %rhs : tensor<4xbf16>
    check.expect_eq_const %result, dense<[256.0, 1.0078125, 0x7F80, 0.30078125]> : tensor<4xbf16>
    func.return
  }
}
