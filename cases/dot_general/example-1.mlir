// Case: spec/dot_general/example-1
// From the spec's `dot_general` example (si64 batched matmul with identity matrices; precision DEFAULT and
// the tf32 dot_algorithm as in the spec).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]> : tensor<2x2x2xi64>
    %rhs = stablehlo.constant dense<[[[1, 0], [0, 1]], [[1, 0], [0, 1]]]> : tensor<2x2x2xi64>
    %result = "stablehlo.dot_general"(%lhs, %rhs) {
      dot_dimension_numbers = #stablehlo.dot<
        lhs_batching_dimensions = [0],
        rhs_batching_dimensions = [0],
        lhs_contracting_dimensions = [2],
        rhs_contracting_dimensions = [1]
      >,
      precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>],
      algorithm = #stablehlo.dot_algorithm<
        lhs_precision_type = tf32,
        rhs_precision_type = tf32,
        accumulation_type = f32,
        lhs_component_count = 1,
        rhs_component_count = 1,
        num_primitive_operations = 1,
        allow_imprecise_accumulation = false
      >
    } : (tensor<2x2x2xi64>, tensor<2x2x2xi64>) -> tensor<2x2x2xi64>
    check.expect_eq_const %result, dense<[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]> : tensor<2x2x2xi64>
    func.return
  }
}
