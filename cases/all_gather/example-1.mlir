// Case: spec/all_gather/example-1
// From the spec's `all_gather` example (2 replicas, two si64 operands, all_gather_dim = 1,
// replica_groups [[0, 1]], channel_id 0: cross_replica).
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand0_table = stablehlo.constant dense<[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]> : tensor<2x2x2xi64>
    %operand0_row = "stablehlo.dynamic_slice"(%operand0_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 2, 2>
    } : (tensor<2x2x2xi64>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2x2xi64>
    %operand0 = stablehlo.reshape %operand0_row : (tensor<1x2x2xi64>) -> tensor<2x2xi64>
    %operand1_table = stablehlo.constant dense<[[[11, 12], [13, 14]], [[15, 16], [17, 18]]]> : tensor<2x2x2xi64>
    %operand1_row = "stablehlo.dynamic_slice"(%operand1_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 2, 2>
    } : (tensor<2x2x2xi64>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2x2xi64>
    %operand1 = stablehlo.reshape %operand1_row : (tensor<1x2x2xi64>) -> tensor<2x2xi64>
    %result0, %result1 = "stablehlo.all_gather"(%operand0, %operand1) {
      all_gather_dim = 1 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
    } : (tensor<2x2xi64>, tensor<2x2xi64>) -> (tensor<2x4xi64>, tensor<2x4xi64>)
    check.expect_eq_const %result0, dense<[[1, 2, 5, 6], [3, 4, 7, 8]]> : tensor<2x4xi64>
    check.expect_eq_const %result1, dense<[[11, 12, 15, 16], [13, 14, 17, 18]]> : tensor<2x4xi64>
    func.return
  }
}
