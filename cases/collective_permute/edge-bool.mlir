// Case: spec/collective_permute/edge-bool
// i1: replica 1 is no target and gets false.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[true, true], [true, false]]> : tensor<2x2xi1>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x2xi1>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xi1>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2xi1>) -> tensor<2xi1>
    %result = "stablehlo.collective_permute"(%operand) {
      source_target_pairs = dense<[[1, 0]]> : tensor<1x2xi64>
    } : (tensor<2xi1>) -> tensor<2xi1>
    %result_expected_table = stablehlo.constant dense<[[true, false], [false, false]]> : tensor<2x2xi1>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x2xi1>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xi1>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x2xi1>) -> tensor<2xi1>
    check.expect_eq %result, %result_expected : tensor<2xi1>
    func.return
  }
}
