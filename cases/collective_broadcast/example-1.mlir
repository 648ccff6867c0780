// Case: spec/collective_broadcast/example-1
// From the spec's `collective_broadcast` example (4 replicas, replica_groups [[2, 1]]: replica 2's
// operand goes to replicas 2 and 1; replicas 0 and 3 are in no group and get zeros). The spec writes the
// operand type as `tensor1x2xi64>`; the case uses tensor<1x2xi64>.
module attributes {mhlo.num_replicas = 4 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[[1, 2]], [[3, 4]], [[5, 6]], [[7, 8]]]> : tensor<4x1x2xi64>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 1, 2>
    } : (tensor<4x1x2xi64>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x1x2xi64>
    %operand = stablehlo.reshape %operand_row : (tensor<1x1x2xi64>) -> tensor<1x2xi64>
    %result = "stablehlo.collective_broadcast"(%operand) {
      replica_groups = dense<[[2, 1]]> : tensor<1x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
    } : (tensor<1x2xi64>) -> tensor<1x2xi64>
    %result_expected_table = stablehlo.constant dense<[[[0, 0]], [[5, 6]], [[5, 6]], [[0, 0]]]> : tensor<4x1x2xi64>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 1, 2>
    } : (tensor<4x1x2xi64>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x1x2xi64>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x1x2xi64>) -> tensor<1x2xi64>
    check.expect_eq %result, %result_expected : tensor<1x2xi64>
    func.return
  }
}
