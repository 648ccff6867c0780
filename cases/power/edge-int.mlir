// Case: spec/power/edge-int
// Integer exponentiation with non-negative exponents (si32).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[2, -3, 7, 1, -1]> : tensor<5xi32>
    %rhs = stablehlo.constant dense<[10, 3, 0, 100, 5]> : tensor<5xi32>
    %result = stablehlo.power %lhs, %rhs : tensor<5xi32>
    check.expect_eq_const %result, dense<[1024, -27, 1, 1, -1]> : tensor<5xi32>
    func.return
  }
}
