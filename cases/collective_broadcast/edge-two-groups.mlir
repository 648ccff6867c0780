// Case: spec/collective_broadcast/edge-two-groups
// 4 replicas in groups [[3, 0], [1, 2]]: sources 3 and 1 (ui32).
module attributes {mhlo.num_replicas = 4 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[0, 4294967295], [1, 4294967294], [2, 4294967293], [3, 4294967292]]> : tensor<4x2xui32>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<4x2xui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xui32>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2xui32>) -> tensor<2xui32>
    %result = "stablehlo.collective_broadcast"(%operand) {
      replica_groups = dense<[[3, 0], [1, 2]]> : tensor<2x2xi64>
    } : (tensor<2xui32>) -> tensor<2xui32>
    %result_expected_table = stablehlo.constant dense<[[3, 4294967292], [1, 4294967294], [1, 4294967294], [3, 4294967292]]> : tensor<4x2xui32>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<4x2xui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xui32>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x2xui32>) -> tensor<2xui32>
    check.expect_eq %result, %result_expected : tensor<2xui32>
    func.return
  }
}
