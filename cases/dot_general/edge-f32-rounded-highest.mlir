// Case: spec/dot_general/edge-f32-rounded-highest
// f32 dot product with precision HIGHEST whose exact sum is not an f32 value:
// 0.1 * 0.3 + 0.2 * 0.7 + 0.3 * 0.9 on the f32 roundings of those decimals.
// Exact sum 0.44000000491738289199 (mpmath) -> correctly rounded f32 0.44; the spec leaves the order of the sum to the
// implementation, and the reference evaluator rounds the exact sum once.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0.1, 0.2, 0.3]> : tensor<3xf32>
    %rhs = stablehlo.constant dense<[0.3, 0.7, 0.9]> : tensor<3xf32>
    %result = "stablehlo.dot_general"(%lhs, %rhs) {
      dot_dimension_numbers = #stablehlo.dot<
        lhs_batching_dimensions = [],
        rhs_batching_dimensions = [],
        lhs_contracting_dimensions = [0],
        rhs_contracting_dimensions = [0]
      >,
      precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]
    } : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
    check.expect_eq_const %result, dense<0.44> : tensor<f32>
    func.return
  }
}
