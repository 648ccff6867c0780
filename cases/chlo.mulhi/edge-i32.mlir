// Case: spec/chlo.mulhi/edge-i32
// mulhi: the high 32 bits of the exact 64-bit product: (2^31 - 1)^2 = 2^62 - 2^32 + 1 has
// high word 2^30 - 1; -1 * 1 = -1 and -2^31 * 2 = -2^32 have high word -1 (arithmetic shift).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[2147483647, -1, -2147483648, 7]> : tensor<4xi32>
    %rhs = stablehlo.constant dense<[2147483647, 1, 2, 3]> : tensor<4xi32>
    %result = chlo.mulhi %lhs, %rhs : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
    check.expect_eq_const %result, dense<[1073741823, -1, -1, 0]> : tensor<4xi32>
    func.return
  }
}
