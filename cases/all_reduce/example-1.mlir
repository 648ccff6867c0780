// Case: spec/all_reduce/example-1
// From the spec's `all_reduce` example (2 replicas, two si64 operands, add, replica_groups [[0, 1]]).
// The spec passes %operand0 twice but prints the sums of %operand1 for the second result; the case passes
// (%operand0, %operand1), which gives the printed results.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand0_table = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8]]> : tensor<2x4xi64>
    %operand0_row = "stablehlo.dynamic_slice"(%operand0_table, %process, %zero) {
      slice_sizes = array<i64: 1, 4>
    } : (tensor<2x4xi64>, tensor<ui32>, tensor<ui32>) -> tensor<1x4xi64>
    %operand0 = stablehlo.reshape %operand0_row : (tensor<1x4xi64>) -> tensor<4xi64>
    %operand1_table = stablehlo.constant dense<[[9, 10, 11, 12], [13, 14, 15, 16]]> : tensor<2x4xi64>
    %operand1_row = "stablehlo.dynamic_slice"(%operand1_table, %process, %zero) {
      slice_sizes = array<i64: 1, 4>
    } : (tensor<2x4xi64>, tensor<ui32>, tensor<ui32>) -> tensor<1x4xi64>
    %operand1 = stablehlo.reshape %operand1_row : (tensor<1x4xi64>) -> tensor<4xi64>
    %result0, %result1 = "stablehlo.all_reduce"(%operand0, %operand1) ({
      ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
        "stablehlo.return"(%0) : (tensor<i64>) -> ()
    }) {
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
    } : (tensor<4xi64>, tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi64>)
    check.expect_eq_const %result0, dense<[6, 8, 10, 12]> : tensor<4xi64>
    check.expect_eq_const %result1, dense<[22, 24, 26, 28]> : tensor<4xi64>
    func.return
  }
}
