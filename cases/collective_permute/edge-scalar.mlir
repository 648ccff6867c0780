// Case: spec/collective_permute/edge-scalar
// A rank-0 operand (bf16) over 3 replicas, pairs [[2, 0], [0, 1]].
module attributes {mhlo.num_replicas = 3 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %operand_table = stablehlo.constant dense<[1.0, -2.0, 0.5]> : tensor<3xbf16>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process) {
      slice_sizes = array<i64: 1>
    } : (tensor<3xbf16>, tensor<ui32>) -> tensor<1xbf16>
    %operand = stablehlo.reshape %operand_row : (tensor<1xbf16>) -> tensor<bf16>
    %result = "stablehlo.collective_permute"(%operand) {
      source_target_pairs = dense<[[2, 0], [0, 1]]> : tensor<2x2xi64>
    } : (tensor<bf16>) -> tensor<bf16>
    %result_expected_table = stablehlo.constant dense<[0.5, 1.0, 0.0]> : tensor<3xbf16>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process) {
      slice_sizes = array<i64: 1>
    } : (tensor<3xbf16>, tensor<ui32>) -> tensor<1xbf16>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1xbf16>) -> tensor<bf16>
    check.expect_eq %result, %result_expected : tensor<bf16>
    func.return
  }
}
