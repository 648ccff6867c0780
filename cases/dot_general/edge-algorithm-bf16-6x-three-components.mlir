// Case: spec/dot_general/edge-algorithm-bf16-6x-three-components
// Spec (dot_general, DotAlgorithm): the bf16_6x example, lhs/rhs_precision_type = bf16, accumulation_type = f32,
// lhs_component_count = rhs_component_count = 3, num_primitive_operations = 6: "each input is decomposed to 3 bf16
// components, then 6 dot operations are done on those components, and the result is accumulated in f32". The algorithm
// emulates the f32 dot, so the expected value is the exact dot of the undecomposed f32 inputs rounded once to f32
// (docs/accumulation.md, "Component decompositions").
// lhs element 1 + 2^-8 + 2^-16 + 2^-23 needs all three bf16 components
// (1 + 2^-7, -(2^-8 - 2^-16), 2^-23); rhs values are bf16 values (one component), so the omitted products are zero.
// (1 + 2^-8 + 2^-16 + 2^-23) * 2 + 0.75 * -1 = 1.25 + 2^-7 + 2^-15 + 2^-22.
// Expected: [1.2578433] (row-major).
// With the inputs rounded to bf16 first (the plain bf16 algorithm) the result would be [1.265625].
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[1.0039216, 0.75]]> : tensor<1x2xf32>
    %rhs = stablehlo.constant dense<[[2.0], [-1.0]]> : tensor<2x1xf32>
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
        lhs_component_count = 3,
        rhs_component_count = 3,
        num_primitive_operations = 6,
        allow_imprecise_accumulation = false
      >
    } : (tensor<1x2xf32>, tensor<2x1xf32>) -> tensor<1x1xf32>
    check.expect_eq_const %result, dense<[[1.2578433]]> : tensor<1x1xf32>
    func.return
  }
}
