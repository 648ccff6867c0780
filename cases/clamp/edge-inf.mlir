// Case: spec/clamp/edge-inf
// clamp with infinite bounds is the identity on finite values.
module {
  func.func @main() {
    %min = stablehlo.constant dense<[0xFF800000, 0xFF800000]> : tensor<2xf32>
    %operand = stablehlo.constant dense<[3.4028235e+38, 0x7F800000]> : tensor<2xf32>
    %max = stablehlo.constant dense<[0x7F800000, 3.4028235e+38]> : tensor<2xf32>
    %result = stablehlo.clamp %min, %operand, %max : tensor<2xf32>
    check.expect_eq_const %result, dense<[3.4028235e+38, 3.4028235e+38]> : tensor<2xf32>
    func.return
  }
}
