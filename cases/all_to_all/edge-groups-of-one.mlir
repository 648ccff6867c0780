// Case: spec/all_to_all/edge-groups-of-one
// split_count 1 with groups of one process: each result is its own operand.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[[1, -2]], [[3, -4]]]> : tensor<2x1x2xi16>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 1, 2>
    } : (tensor<2x1x2xi16>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x1x2xi16>
    %operand = stablehlo.reshape %operand_row : (tensor<1x1x2xi16>) -> tensor<1x2xi16>
    %result = "stablehlo.all_to_all"(%operand) {
      split_dimension = 1 : i64,
      concat_dimension = 0 : i64,
      split_count = 1 : i64,
      replica_groups = dense<[[0], [1]]> : tensor<2x1xi64>
    } : (tensor<1x2xi16>) -> tensor<1x2xi16>
    %result_expected_table = stablehlo.constant dense<[[[1, -2]], [[3, -4]]]> : tensor<2x1x2xi16>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 1, 2>
    } : (tensor<2x1x2xi16>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x1x2xi16>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x1x2xi16>) -> tensor<1x2xi16>
    check.expect_eq %result, %result_expected : tensor<1x2xi16>
    func.return
  }
}
