// Case: spec/all_to_all/edge-group-order
// replica_groups [[1, 0]]: replica 1 is receiver index 0, and its part comes first (ui8).
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]> : tensor<2x2x2xui8>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 2, 2>
    } : (tensor<2x2x2xui8>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2x2xui8>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2x2xui8>) -> tensor<2x2xui8>
    %result = "stablehlo.all_to_all"(%operand) {
      split_dimension = 1 : i64,
      concat_dimension = 1 : i64,
      split_count = 2 : i64,
      replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>
    } : (tensor<2x2xui8>) -> tensor<2x2xui8>
    %result_expected_table = stablehlo.constant dense<[[[6, 2], [8, 4]], [[5, 1], [7, 3]]]> : tensor<2x2x2xui8>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 2, 2>
    } : (tensor<2x2x2xui8>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2x2xui8>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x2x2xui8>) -> tensor<2x2xui8>
    check.expect_eq %result, %result_expected : tensor<2x2xui8>
    func.return
  }
}
