// Case: spec/all_to_all/example-1
// From the spec's `all_to_all` example (2 replicas, two si64 operands, split_dimension 1,
// concat_dimension 0, split_count 2).
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand0_table = stablehlo.constant dense<[[[1, 2, 3, 4], [5, 6, 7, 8]], [[9, 10, 11, 12], [13, 14, 15, 16]]]> : tensor<2x2x4xi64>
    %operand0_row = "stablehlo.dynamic_slice"(%operand0_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 2, 4>
    } : (tensor<2x2x4xi64>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2x4xi64>
    %operand0 = stablehlo.reshape %operand0_row : (tensor<1x2x4xi64>) -> tensor<2x4xi64>
    %operand1_table = stablehlo.constant dense<[[[17, 18, 19, 20], [21, 22, 23, 24]], [[25, 26, 27, 28], [29, 30, 31, 32]]]> : tensor<2x2x4xi64>
    %operand1_row = "stablehlo.dynamic_slice"(%operand1_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 2, 4>
    } : (tensor<2x2x4xi64>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2x4xi64>
    %operand1 = stablehlo.reshape %operand1_row : (tensor<1x2x4xi64>) -> tensor<2x4xi64>
    %result0, %result1 = "stablehlo.all_to_all"(%operand0, %operand1) {
      split_dimension = 1 : i64,
      concat_dimension = 0 : i64,
      split_count = 2 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<2x4xi64>, tensor<2x4xi64>) -> (tensor<4x2xi64>, tensor<4x2xi64>)
    %result0_expected_table = stablehlo.constant dense<[[[1, 2], [5, 6], [9, 10], [13, 14]], [[3, 4], [7, 8], [11, 12], [15, 16]]]> : tensor<2x4x2xi64>
    %result0_expected_row = "stablehlo.dynamic_slice"(%result0_expected_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 4, 2>
    } : (tensor<2x4x2xi64>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x4x2xi64>
    %result0_expected = stablehlo.reshape %result0_expected_row : (tensor<1x4x2xi64>) -> tensor<4x2xi64>
    check.expect_eq %result0, %result0_expected : tensor<4x2xi64>
    %result1_expected_table = stablehlo.constant dense<[[[17, 18], [21, 22], [25, 26], [29, 30]], [[19, 20], [23, 24], [27, 28], [31, 32]]]> : tensor<2x4x2xi64>
    %result1_expected_row = "stablehlo.dynamic_slice"(%result1_expected_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 4, 2>
    } : (tensor<2x4x2xi64>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x4x2xi64>
    %result1_expected = stablehlo.reshape %result1_expected_row : (tensor<1x4x2xi64>) -> tensor<4x2xi64>
    check.expect_eq %result1, %result1_expected : tensor<4x2xi64>
    func.return
  }
}
