// Case: spec/gather/edge-f16-special
// Gathered values are copied bit-exactly (f16 -0.0, NaN, inf, subnormal).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-0.0, 0x7E00, 0x7C00, 0x0001]> : tensor<4xf16>
    %start_indices = stablehlo.constant dense<[[3], [0], [1]]> : tensor<3x1xi64>
    %result = "stablehlo.gather"(%operand, %start_indices) {
      dimension_numbers = #stablehlo.gather<
        offset_dims = [],
        collapsed_slice_dims = [0],
        start_index_map = [0],
        index_vector_dim = 1>,
      slice_sizes = array<i64: 1>,
      indices_are_sorted = false
    } : (tensor<4xf16>, tensor<3x1xi64>) -> tensor<3xf16>
    check.expect_eq_const %result, dense<[0x0001, -0.0, 0x7E00]> : tensor<3xf16>
    func.return
  }
}
