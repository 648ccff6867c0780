// Case: spec/collective_permute/edge-rotate
// A rotation over 4 replicas: [[0, 1], [1, 2], [2, 3], [3, 0]] (si32).
module attributes {mhlo.num_replicas = 4 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[0, 0], [1, 10], [2, 20], [3, 30]]> : tensor<4x2xi32>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<4x2xi32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xi32>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2xi32>) -> tensor<2xi32>
    %result = "stablehlo.collective_permute"(%operand) {
      source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>
    } : (tensor<2xi32>) -> tensor<2xi32>
    %result_expected_table = stablehlo.constant dense<[[3, 30], [0, 0], [1, 10], [2, 20]]> : tensor<4x2xi32>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<4x2xi32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xi32>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x2xi32>) -> tensor<2xi32>
    check.expect_eq %result, %result_expected : tensor<2xi32>
    func.return
  }
}
