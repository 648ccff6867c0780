// Case: spec/all_gather/edge-groups-of-one
// Groups of one process (4 replicas, [[0], [1], [2], [3]]): each result is its own operand.
module attributes {mhlo.num_replicas = 4 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[[0, -128]], [[1, -127]], [[2, -126]], [[3, -125]]]> : tensor<4x1x2xi8>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 1, 2>
    } : (tensor<4x1x2xi8>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x1x2xi8>
    %operand = stablehlo.reshape %operand_row : (tensor<1x1x2xi8>) -> tensor<1x2xi8>
    %result = "stablehlo.all_gather"(%operand) {
      all_gather_dim = 1 : i64,
      replica_groups = dense<[[0], [1], [2], [3]]> : tensor<4x1xi64>
    } : (tensor<1x2xi8>) -> tensor<1x2xi8>
    %result_expected_table = stablehlo.constant dense<[[[0, -128]], [[1, -127]], [[2, -126]], [[3, -125]]]> : tensor<4x1x2xi8>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 1, 2>
    } : (tensor<4x1x2xi8>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x1x2xi8>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x1x2xi8>) -> tensor<1x2xi8>
    check.expect_eq %result, %result_expected : tensor<1x2xi8>
    func.return
  }
}
