// Case: spec/all_reduce/edge-cross-replica-and-partition
// cross_replica_and_partition on a 2x2 grid (channel_id 1): replica_groups [[0], [1]]
// gives groups [(0, 0), (0, 1)] and [(1, 0), (1, 1)], sums over the partitions of each replica (si64).
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 2 : i32} {
  func.func @main() {
    %replica = "stablehlo.replica_id"() : () -> tensor<ui32>
    %partition = "stablehlo.partition_id"() : () -> tensor<ui32>
    %num_partitions = stablehlo.constant dense<2> : tensor<ui32>
    %replica_base = stablehlo.multiply %replica, %num_partitions : tensor<ui32>
    %process = stablehlo.add %replica_base, %partition : tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[1, 1], [10, 1], [100, 1], [1000, 1]]> : tensor<4x2xi64>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<4x2xi64>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xi64>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2xi64>) -> tensor<2xi64>
    %result = "stablehlo.all_reduce"(%operand) ({
      ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
        "stablehlo.return"(%0) : (tensor<i64>) -> ()
    }) {
      replica_groups = dense<[[0], [1]]> : tensor<2x1xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>
    } : (tensor<2xi64>) -> tensor<2xi64>
    %result_expected_table = stablehlo.constant dense<[[11, 2], [11, 2], [1100, 2], [1100, 2]]> : tensor<4x2xi64>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<4x2xi64>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xi64>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x2xi64>) -> tensor<2xi64>
    check.expect_eq %result, %result_expected : tensor<2xi64>
    func.return
  }
}
