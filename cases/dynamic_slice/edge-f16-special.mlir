// Case: spec/dynamic_slice/edge-f16-special
// Values are copied bit-exactly (f16 -0.0, NaN, inf).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, -0.0, 0x7E00, 0xFC00]> : tensor<4xf16>
    %start_indices0 = stablehlo.constant dense<1> : tensor<i64>
    %result = "stablehlo.dynamic_slice"(%operand, %start_indices0) {
      slice_sizes = array<i64: 3>
    } : (tensor<4xf16>, tensor<i64>) -> tensor<3xf16>
    check.expect_eq_const %result, dense<[-0.0, 0x7E00, 0xFC00]> : tensor<3xf16>
    func.return
  }
}
