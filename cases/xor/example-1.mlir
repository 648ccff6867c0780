// Case: spec/xor/example-1
// From the spec's first `xor` example (si32 bitwise XOR).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
    %rhs = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi32>
    %result = stablehlo.xor %lhs, %rhs : tensor<2x2xi32>
    check.expect_eq_const %result, dense<[[4, 4], [4, 12]]> : tensor<2x2xi32>
    func.return
  }
}
