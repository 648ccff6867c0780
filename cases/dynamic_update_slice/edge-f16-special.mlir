// Case: spec/dynamic_update_slice/edge-f16-special
// Updated values are copied bit-exactly (f16 -0.0, NaN, subnormal).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf16>
    %update = stablehlo.constant dense<[-0.0, 0x7E00, 0x0001]> : tensor<3xf16>
    %start_indices0 = stablehlo.constant dense<1> : tensor<i64>
    %result = "stablehlo.dynamic_update_slice"(%operand, %update, %start_indices0)
      : (tensor<4xf16>, tensor<3xf16>, tensor<i64>) -> tensor<4xf16>
    check.expect_eq_const %result, dense<[1.0, -0.0, 0x7E00, 0x0001]> : tensor<4xf16>
    func.return
  }
}
