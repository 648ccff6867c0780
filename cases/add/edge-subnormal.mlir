// Case: spec/add/edge-subnormal
// Subnormal arithmetic is exact: 2^-149 + 2^-149 = 2^-148; (2^-126 - 2^-149) + 2^-149 = 2^-126; min normal + (-min normal) = +0.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0x00000001, 0x007FFFFF, 1.1754944e-38]> : tensor<3xf32>
    %rhs = stablehlo.constant dense<[0x00000001, 0x00000001, -1.1754944e-38]> : tensor<3xf32>
    %result = stablehlo.add %lhs, %rhs : tensor<3xf32>
    check.expect_eq_const %result, dense<[0x00000002, 1.1754944e-38, 0.0]> : tensor<3xf32>
    func.return
  }
}
