// Case: spec/xor/example-2
// From the spec's second `xor` example (booleans: logical XOR).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[false, false], [true, true]]> : tensor<2x2xi1>
    %rhs = stablehlo.constant dense<[[false, true], [false, true]]> : tensor<2x2xi1>
    %result = stablehlo.xor %lhs, %rhs : tensor<2x2xi1>
    check.expect_eq_const %result, dense<[[false, true], [true, false]]> : tensor<2x2xi1>
    func.return
  }
}
