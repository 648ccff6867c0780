// Case: spec/collective_broadcast/edge-group-of-one
// replica_groups [[1]]: replica 1 is its own source; replica 0 is in no group and gets zeros.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[-1, -2], [3, -128]]> : tensor<2x2xi8>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x2xi8>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xi8>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2xi8>) -> tensor<2xi8>
    %result = "stablehlo.collective_broadcast"(%operand) {
      replica_groups = dense<[[1]]> : tensor<1x1xi64>
    } : (tensor<2xi8>) -> tensor<2xi8>
    %result_expected_table = stablehlo.constant dense<[[0, 0], [3, -128]]> : tensor<2x2xi8>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x2xi8>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xi8>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x2xi8>) -> tensor<2xi8>
    check.expect_eq %result, %result_expected : tensor<2xi8>
    func.return
  }
}
