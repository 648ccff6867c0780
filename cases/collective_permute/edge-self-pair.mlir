// Case: spec/collective_permute/edge-self-pair
// A pair [1, 1] keeps replica 1's operand; replica 0 is no target and gets zeros (ui8).
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[1, 2, 3], [4, 255, 6]]> : tensor<2x3xui8>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 3>
    } : (tensor<2x3xui8>, tensor<ui32>, tensor<ui32>) -> tensor<1x3xui8>
    %operand = stablehlo.reshape %operand_row : (tensor<1x3xui8>) -> tensor<3xui8>
    %result = "stablehlo.collective_permute"(%operand) {
      source_target_pairs = dense<[[1, 1]]> : tensor<1x2xi64>
    } : (tensor<3xui8>) -> tensor<3xui8>
    %result_expected_table = stablehlo.constant dense<[[0, 0, 0], [4, 255, 6]]> : tensor<2x3xui8>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero) {
      slice_sizes = array<i64: 1, 3>
    } : (tensor<2x3xui8>, tensor<ui32>, tensor<ui32>) -> tensor<1x3xui8>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x3xui8>) -> tensor<3xui8>
    check.expect_eq %result, %result_expected : tensor<3xui8>
    func.return
  }
}
