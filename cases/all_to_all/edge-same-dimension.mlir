// Case: spec/all_to_all/edge-same-dimension
// split_dimension = concat_dimension = 0: the result has the operand's shape; process k gets
// part k of every process, in group order (si32).
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8]]> : tensor<2x4xi32>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 4>
    } : (tensor<2x4xi32>, tensor<ui32>, tensor<ui32>) -> tensor<1x4xi32>
    %operand = stablehlo.reshape %operand_row : (tensor<1x4xi32>) -> tensor<4xi32>
    %result = "stablehlo.all_to_all"(%operand) {
      split_dimension = 0 : i64,
      concat_dimension = 0 : i64,
      split_count = 2 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<4xi32>) -> tensor<4xi32>
    %result_expected_table = stablehlo.constant dense<[[1, 2, 5, 6], [3, 4, 7, 8]]> : tensor<2x4xi32>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero) {
      slice_sizes = array<i64: 1, 4>
    } : (tensor<2x4xi32>, tensor<ui32>, tensor<ui32>) -> tensor<1x4xi32>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x4xi32>) -> tensor<4xi32>
    check.expect_eq %result, %result_expected : tensor<4xi32>
    func.return
  }
}
