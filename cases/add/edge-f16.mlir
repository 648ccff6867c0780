// Case: spec/add/edge-f16
// f16 addition: overflow at 65504 + 16 (tie to even -> inf), rounding of 1 + 2^-11, subnormal sum.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[65504.0, 65504.0, 1.0, 0x0001]> : tensor<4xf16>
    %rhs = stablehlo.constant dense<[16.0, 8.0, 0.00048828125, 0x0001]> : tensor<4xf16>
    %result = stablehlo.add %lhs, %rhs : tensor<4xf16>
    check.expect_eq_const %result, dense<[0x7C00, 65504.0, 1.0, 0x0002]> : tensor<4xf16>
    func.return
  }
}
