// Case: spec/all_gather/edge-cross-replica-2x2
// cross_replica on a 2x2 grid (no channel_id): replica_groups [[1, 0]] gives one group per
// partition, [(1, p), (0, p)].
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 2 : i32} {
  func.func @main() {
    %replica = "stablehlo.replica_id"() : () -> tensor<ui32>
    %partition = "stablehlo.partition_id"() : () -> tensor<ui32>
    %num_partitions = stablehlo.constant dense<2> : tensor<ui32>
    %replica_base = stablehlo.multiply %replica, %num_partitions : tensor<ui32>
    %process = stablehlo.add %replica_base, %partition : tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[[1, 2]], [[101, 102]], [[201, 202]], [[301, 302]]]> : tensor<4x1x2xi32>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 1, 2>
    } : (tensor<4x1x2xi32>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x1x2xi32>
    %operand = stablehlo.reshape %operand_row : (tensor<1x1x2xi32>) -> tensor<1x2xi32>
    %result = "stablehlo.all_gather"(%operand) {
      all_gather_dim = 0 : i64,
      replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>
    } : (tensor<1x2xi32>) -> tensor<2x2xi32>
    %result_expected_table = stablehlo.constant dense<[[[201, 202], [1, 2]], [[301, 302], [101, 102]], [[201, 202], [1, 2]], [[301, 302], [101, 102]]]> : tensor<4x2x2xi32>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 2, 2>
    } : (tensor<4x2x2xi32>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2x2xi32>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x2x2xi32>) -> tensor<2x2xi32>
    check.expect_eq %result, %result_expected : tensor<2x2xi32>
    func.return
  }
}
