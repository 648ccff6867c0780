// Case: spec/dot_general/edge-algorithm-bf16-6x
// Spec (dot_general, DotAlgorithm): the bf16_6x example, lhs/rhs_precision_type = bf16, accumulation_type = f32,
// lhs_component_count = rhs_component_count = 3, num_primitive_operations = 6: "each input is decomposed to 3 bf16
// components, then 6 dot operations are done on those components, and the result is accumulated in f32". The algorithm
// emulates the f32 dot, so the expected value is the exact dot of the undecomposed f32 inputs rounded once to f32
// (docs/accumulation.md, "Component decompositions").
// The inputs (1 + 2^-10, 0.5 + 2^-12, 2 - 2^-10, 1.5 + 2^-11) are not bf16 values, and each is the
// sum of two bf16 components, so the six component products (i + j <= 4) hold the whole dot. The exact dots
// 2^-9 + 2^-20 (= (1 + 2^-10)^2 - 1), 1.5 + 5 * 2^-11, 2.5 - 2^-10 + 3 * 2^-12 + 2^-22 and 4.5 + 3 * 2^-12 - 2^-11 - 2^-21
// are f32 values, and so is every partial sum.
// Expected: [0.0019540787, 1.5024414, 2.499756, 4.5002437] (row-major).
// With the inputs rounded to bf16 first (the plain bf16 algorithm) the result would be [0, 1.5, 2.5, 4.5].
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
        lhs_component_count = 3,
        rhs_component_count = 3,
        num_primitive_operations = 6,
        allow_imprecise_accumulation = false
      >
    } : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    check.expect_eq_const %result, dense<[[0.0019540787, 1.5024414], [2.499756, 4.5002437]]> : tensor<2x2xf32>
    func.return
  }
}
