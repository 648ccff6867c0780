// Case: spec/all_to_all/edge-mixed-operands
// Two operands of different element types (ui32 and f32) exchanged in one all_to_all.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand0_table = stablehlo.constant dense<[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]> : tensor<2x2x2xui32>
    %operand0_row = "stablehlo.dynamic_slice"(%operand0_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 2, 2>
    } : (tensor<2x2x2xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2x2xui32>
    %operand0 = stablehlo.reshape %operand0_row : (tensor<1x2x2xui32>) -> tensor<2x2xui32>
    %operand1_table = stablehlo.constant dense<[[[0.5], [1.5]], [[-0.5], [-0.0]]]> : tensor<2x2x1xf32>
    %operand1_row = "stablehlo.dynamic_slice"(%operand1_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 2, 1>
    } : (tensor<2x2x1xf32>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2x1xf32>
    %operand1 = stablehlo.reshape %operand1_row : (tensor<1x2x1xf32>) -> tensor<2x1xf32>
    %result0, %result1 = "stablehlo.all_to_all"(%operand0, %operand1) {
      split_dimension = 0 : i64,
      concat_dimension = 1 : i64,
      split_count = 2 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<2x2xui32>, tensor<2x1xf32>) -> (tensor<1x4xui32>, tensor<1x2xf32>)
    %result0_expected_table = stablehlo.constant dense<[[[1, 2, 5, 6]], [[3, 4, 7, 8]]]> : tensor<2x1x4xui32>
    %result0_expected_row = "stablehlo.dynamic_slice"(%result0_expected_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 1, 4>
    } : (tensor<2x1x4xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x1x4xui32>
    %result0_expected = stablehlo.reshape %result0_expected_row : (tensor<1x1x4xui32>) -> tensor<1x4xui32>
    check.expect_eq %result0, %result0_expected : tensor<1x4xui32>
    %result1_expected_table = stablehlo.constant dense<[[[0.5, -0.5]], [[1.5, -0.0]]]> : tensor<2x1x2xf32>
    %result1_expected_row = "stablehlo.dynamic_slice"(%result1_expected_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 1, 2>
    } : (tensor<2x1x2xf32>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x1x2xf32>
    %result1_expected = stablehlo.reshape %result1_expected_row : (tensor<1x1x2xf32>) -> tensor<1x2xf32>
    check.expect_eq %result1, %result1_expected : tensor<1x2xf32>
    func.return
  }
}
