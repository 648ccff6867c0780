// Case: spec/collective_permute/example-1
// From the spec's `collective_permute` example (3 replicas, source_target_pairs [[0, 1], [1, 2]]:
// replica 0 is no target and gets zeros).
module attributes {mhlo.num_replicas = 3 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[[1, 2], [3, 4]], [[5, 6], [7, 8]], [[9, 10], [11, 12]]]> : tensor<3x2x2xi64>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 2, 2>
    } : (tensor<3x2x2xi64>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2x2xi64>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2x2xi64>) -> tensor<2x2xi64>
    %result = "stablehlo.collective_permute"(%operand) {
      source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
    } : (tensor<2x2xi64>) -> tensor<2x2xi64>
    %result_expected_table = stablehlo.constant dense<[[[0, 0], [0, 0]], [[1, 2], [3, 4]], [[5, 6], [7, 8]]]> : tensor<3x2x2xi64>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 2, 2>
    } : (tensor<3x2x2xi64>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2x2xi64>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x2x2xi64>) -> tensor<2x2xi64>
    check.expect_eq %result, %result_expected : tensor<2x2xi64>
    func.return
  }
}
