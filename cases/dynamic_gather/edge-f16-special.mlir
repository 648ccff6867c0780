// Case: spec/dynamic_gather/edge-f16-special
// Gathered f16 values are copied bit-exactly (-0.0, NaN, inf, subnormal); i16 start indices.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-0.0, 0x7E00, 0x7C00, 0x0001]> : tensor<4xf16>
    %start_indices = stablehlo.constant dense<[[3], [0], [2], [1]]> : tensor<4x1xi16>
    %slice_sizes = stablehlo.constant dense<[1]> : tensor<1xi64>
    %result = "stablehlo.dynamic_gather"(%operand, %start_indices, %slice_sizes) {
      dimension_numbers = #stablehlo.gather<
        offset_dims = [],
        collapsed_slice_dims = [0],
        start_index_map = [0],
        index_vector_dim = 1>,
      indices_are_sorted = false
    } : (tensor<4xf16>, tensor<4x1xi16>, tensor<1xi64>) -> tensor<4xf16>
    check.expect_eq_const %result, dense<[0x0001, -0.0, 0x7C00, 0x7E00]> : tensor<4xf16>
    func.return
  }
}
