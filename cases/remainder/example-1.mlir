// Case: spec/remainder/example-1
// From the spec's `remainder` example (si64: sign follows the dividend).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[17, -17, 17, -17]> : tensor<4xi64>
    %rhs = stablehlo.constant dense<[3, 3, -3, -3]> : tensor<4xi64>
    %result = stablehlo.remainder %lhs, %rhs : tensor<4xi64>
    check.expect_eq_const %result, dense<[2, -2, 2, -2]> : tensor<4xi64>
    func.return
  }
}
