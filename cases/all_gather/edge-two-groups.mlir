// Case: spec/all_gather/edge-two-groups
// 4 replicas in two groups [[0, 2], [3, 1]] (ui8, rank 2, all_gather_dim = 1).
module attributes {mhlo.num_replicas = 4 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[[0, 255], [0, 200]], [[1, 254], [2, 201]], [[2, 253], [4, 202]], [[3, 252], [6, 203]]]> : tensor<4x2x2xui8>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 2, 2>
    } : (tensor<4x2x2xui8>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2x2xui8>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2x2xui8>) -> tensor<2x2xui8>
    %result = "stablehlo.all_gather"(%operand) {
      all_gather_dim = 1 : i64,
      replica_groups = dense<[[0, 2], [3, 1]]> : tensor<2x2xi64>
    } : (tensor<2x2xui8>) -> tensor<2x4xui8>
    %result_expected_table = stablehlo.constant dense<[[[0, 255, 2, 253], [0, 200, 4, 202]], [[3, 252, 1, 254], [6, 203, 2, 201]], [[0, 255, 2, 253], [0, 200, 4, 202]], [[3, 252, 1, 254], [6, 203, 2, 201]]]> : tensor<4x2x4xui8>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 2, 4>
    } : (tensor<4x2x4xui8>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2x4xui8>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x2x4xui8>) -> tensor<2x4xui8>
    check.expect_eq %result, %result_expected : tensor<2x4xui8>
    func.return
  }
}
