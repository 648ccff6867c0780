// Case: spec/dot_general/edge-algorithm-bf16
// Spec (dot_general, DotAlgorithm): lhs_precision_type and rhs_precision_type are "the precisions that
// the LHS and RHS of the operation are rounded to"; with lhs/rhs_component_count = 1 and num_primitive_operations = 1
// (no decomposition) the f32 inputs are rounded to bf16 (round to nearest even on the top 16 bits of the encoding),
// then multiplied and accumulated in f32. The same inputs as edge-algorithm-bf16-6x: 1 + 2^-10 -> 1, 0.5 + 2^-12 -> 0.5,
// 2 - 2^-10 -> 2, 1.5 + 2^-11 -> 1.5, so the dot is [[1 * 1 - 1 * 1, 1 * 3 - 1 * 1.5], [0.5 * 1 + 2 * 1, 0.5 * 3 + 2 * 1.5]].
// Expected: [0, 1.5, 2.5, 4.5] (row-major).
// Without the input rounding (the exact f32 dot, what bf16_6x emulates) the result would be [0.0019540787, 1.5024414, 2.499756, 4.5002437].
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[1.0009766, -1.0], [0.50024414, 1.9990234]]> : tensor<2x2xf32>
    %rhs = stablehlo.constant dense<[[1.0009766, 3.0], [1.0, 1.5004883]]> : tensor<2x2xf32>
    %result = "stablehlo.dot_general"(%lhs, %rhs) {
      dot_dimension_numbers = #stablehlo.dot<
        lhs_batching_dimensions = [],
        rhs_batching_dimensions = [],
        lhs_contracting_dimensions = [1],
        rhs_contracting_dimensions = [0]
      >,
      precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>],
      algorithm = #stablehlo.dot_algorithm<
        lhs_precision_type = bf16,
        rhs_precision_type = bf16,
        accumulation_type = f32,
        lhs_component_count = 1,
        rhs_component_count = 1,
        num_primitive_operations = 1,
        allow_imprecise_accumulation = false
      >
    } : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    check.expect_eq_const %result, dense<[[0.0, 1.5], [2.5, 4.5]]> : tensor<2x2xf32>
    func.return
  }
}
