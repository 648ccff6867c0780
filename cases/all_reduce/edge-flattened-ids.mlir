// Case: spec/all_reduce/edge-flattened-ids
// flattened_ids on a 2x2 grid (channel_id 1, use_global_device_ids): groups [[0, 3], [1, 2]]
// (si32 add).
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 2 : i32} {
  func.func @main() {
    %replica = "stablehlo.replica_id"() : () -> tensor<ui32>
    %partition = "stablehlo.partition_id"() : () -> tensor<ui32>
    %num_partitions = stablehlo.constant dense<2> : tensor<ui32>
    %replica_base = stablehlo.multiply %replica, %num_partitions : tensor<ui32>
    %process = stablehlo.add %replica_base, %partition : tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[1], [10], [100], [1000]]> : tensor<4x1xi32>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 1>
    } : (tensor<4x1xi32>, tensor<ui32>, tensor<ui32>) -> tensor<1x1xi32>
    %operand = stablehlo.reshape %operand_row : (tensor<1x1xi32>) -> tensor<1xi32>
    %result = "stablehlo.all_reduce"(%operand) ({
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
        "stablehlo.return"(%0) : (tensor<i32>) -> ()
    }) {
      replica_groups = dense<[[0, 3], [1, 2]]> : tensor<2x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>,
      use_global_device_ids
    } : (tensor<1xi32>) -> tensor<1xi32>
    %result_expected_table = stablehlo.constant dense<[[1001], [110], [110], [1001]]> : tensor<4x1xi32>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero) {
      slice_sizes = array<i64: 1, 1>
    } : (tensor<4x1xi32>, tensor<ui32>, tensor<ui32>) -> tensor<1x1xi32>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x1xi32>) -> tensor<1xi32>
    check.expect_eq %result, %result_expected : tensor<1xi32>
    func.return
  }
}
