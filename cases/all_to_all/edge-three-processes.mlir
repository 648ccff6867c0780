// Case: spec/all_to_all/edge-three-processes
// 3 replicas, split_dimension 0 (3x2 -> 1x2 parts), concat_dimension 1 (-> 1x6), si64.
module attributes {mhlo.num_replicas = 3 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[[0, 1], [2, 3], [4, 5]], [[10, 11], [12, 13], [14, 15]], [[20, 21], [22, 23], [24, 25]]]> : tensor<3x3x2xi64>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 3, 2>
    } : (tensor<3x3x2xi64>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x3x2xi64>
    %operand = stablehlo.reshape %operand_row : (tensor<1x3x2xi64>) -> tensor<3x2xi64>
    %result = "stablehlo.all_to_all"(%operand) {
      split_dimension = 0 : i64,
      concat_dimension = 1 : i64,
      split_count = 3 : i64,
      replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>
    } : (tensor<3x2xi64>) -> tensor<1x6xi64>
    %result_expected_table = stablehlo.constant dense<[[[0, 1, 10, 11, 20, 21]], [[2, 3, 12, 13, 22, 23]], [[4, 5, 14, 15, 24, 25]]]> : tensor<3x1x6xi64>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 1, 6>
    } : (tensor<3x1x6xi64>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x1x6xi64>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x1x6xi64>) -> tensor<1x6xi64>
    check.expect_eq %result, %result_expected : tensor<1x6xi64>
    func.return
  }
}
