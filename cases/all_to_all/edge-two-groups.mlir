// Case: spec/all_to_all/edge-two-groups
// 4 replicas in groups [[3, 0], [2, 1]] (si32, split_dimension 1, concat_dimension 0).
module attributes {mhlo.num_replicas = 4 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[[0, 1, 2, 3]], [[100, 101, 102, 103]], [[200, 201, 202, 203]], [[300, 301, 302, 303]]]> : tensor<4x1x4xi32>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 1, 4>
    } : (tensor<4x1x4xi32>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x1x4xi32>
    %operand = stablehlo.reshape %operand_row : (tensor<1x1x4xi32>) -> tensor<1x4xi32>
    %result = "stablehlo.all_to_all"(%operand) {
      split_dimension = 1 : i64,
      concat_dimension = 0 : i64,
      split_count = 2 : i64,
      replica_groups = dense<[[3, 0], [2, 1]]> : tensor<2x2xi64>
    } : (tensor<1x4xi32>) -> tensor<2x2xi32>
    %result_expected_table = stablehlo.constant dense<[[[302, 303], [2, 3]], [[202, 203], [102, 103]], [[200, 201], [100, 101]], [[300, 301], [0, 1]]]> : tensor<4x2x2xi32>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 2, 2>
    } : (tensor<4x2x2xi32>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2x2xi32>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x2x2xi32>) -> tensor<2x2xi32>
    check.expect_eq %result, %result_expected : tensor<2x2xi32>
    func.return
  }
}
