// Case: spec/add/edge-f64
// f64 addition: 0.1 + 0.2 rounded once, 2^53 + 1 (tie to even), subnormals.
// Exact values (mpmath) 0.300000000000000016653, each rounded to nearest-even f64.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0.1, 9007199254740992.0, 0x0000000000000001, 1.7976931348623157e+308]> : tensor<4xf64>
    %rhs = stablehlo.constant dense<[0.2, 1.0, 0x0000000000000001, 1.7976931348623157e+308]> : tensor<4xf64>
    %result = stablehlo.add %lhs, %rhs : tensor<4xf64>
    check.expect_eq_const %result, dense<[0.30000000000000004, 9007199254740992.0, 0x0000000000000002, 0x7FF0000000000000]> : tensor<4xf64>
    func.return
  }
}
