// Case: spec/collective_permute/edge-swap
// Two replicas swap their operands: [[0, 1], [1, 0]] (f64).
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[1.5, -0.0], [0x7FF8000000000000, 0xFFF0000000000000]]> : tensor<2x2xf64>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x2xf64>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xf64>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2xf64>) -> tensor<2xf64>
    %result = "stablehlo.collective_permute"(%operand) {
      source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>
    } : (tensor<2xf64>) -> tensor<2xf64>
    %result_expected_table = stablehlo.constant dense<[[0x7FF8000000000000, 0xFFF0000000000000], [1.5, -0.0]]> : tensor<2x2xf64>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x2xf64>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xf64>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x2xf64>) -> tensor<2xf64>
    check.expect_eq %result, %result_expected : tensor<2xf64>
    func.return
  }
}
