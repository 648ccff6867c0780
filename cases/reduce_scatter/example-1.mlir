// Case: spec/reduce_scatter/example-1
// From the spec's `reduce_scatter` example (2 replicas, si64 add, scatter_dimension 1).
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[[1, 2, 3, 4], [5, 6, 7, 8]], [[9, 10, 11, 12], [13, 14, 15, 16]]]> : tensor<2x2x4xi64>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 2, 4>
    } : (tensor<2x2x4xi64>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2x4xi64>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2x4xi64>) -> tensor<2x4xi64>
    %result = "stablehlo.reduce_scatter"(%operand) ({
      ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
        "stablehlo.return"(%0) : (tensor<i64>) -> ()
    }) {
      scatter_dimension = 1 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
    } : (tensor<2x4xi64>) -> tensor<2x2xi64>
    %result_expected_table = stablehlo.constant dense<[[[10, 12], [18, 20]], [[14, 16], [22, 24]]]> : tensor<2x2x2xi64>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 2, 2>
    } : (tensor<2x2x2xi64>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2x2xi64>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x2x2xi64>) -> tensor<2x2xi64>
    check.expect_eq %result, %result_expected : tensor<2x2xi64>
    func.return
  }
}
