// Case: spec/add/edge-overflow
// f32 overflow: max + max = +inf; max + ulp(max)/2 ties to even and overflows; max + 1 rounds back to max.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[3.4028235e+38, 3.4028235e+38, -3.4028235e+38, 3.4028235e+38]> : tensor<4xf32>
    %rhs = stablehlo.constant dense<[3.4028235e+38, 1.0141205e+31, -3.4028235e+38, 1.0]> : tensor<4xf32>
    %result = stablehlo.add %lhs, %rhs : tensor<4xf32>
    check.expect_eq_const %result, dense<[0x7F800000, 0x7F800000, 0xFF800000, 3.4028235e+38]> : tensor<4xf32>
    func.return
  }
}
