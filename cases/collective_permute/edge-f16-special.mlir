// Case: spec/collective_permute/edge-f16-special
// f16 values are moved bit-exactly (-0.0, inf, NaN, subnormal); replica 2 gets +0.0.
module attributes {mhlo.num_replicas = 3 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[-0.0, 0x7C00], [0x7E00, 0x0001], [1.0, 1.0]]> : tensor<3x2xf16>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<3x2xf16>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xf16>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2xf16>) -> tensor<2xf16>
    %result = "stablehlo.collective_permute"(%operand) {
      source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>
    } : (tensor<2xf16>) -> tensor<2xf16>
    %result_expected_table = stablehlo.constant dense<[[0x7E00, 0x0001], [-0.0, 0x7C00], [0.0, 0.0]]> : tensor<3x2xf16>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<3x2xf16>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xf16>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x2xf16>) -> tensor<2xf16>
    check.expect_eq %result, %result_expected : tensor<2xf16>
    func.return
  }
}
