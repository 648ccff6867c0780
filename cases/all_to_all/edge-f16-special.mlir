// Case: spec/all_to_all/edge-f16-special
// f16 values are moved bit-exactly (-0.0, inf, NaN, subnormal).
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[-0.0, 0x7C00], [0x7E00, 0x0001]]> : tensor<2x2xf16>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x2xf16>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xf16>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2xf16>) -> tensor<2xf16>
    %result = "stablehlo.all_to_all"(%operand) {
      split_dimension = 0 : i64,
      concat_dimension = 0 : i64,
      split_count = 2 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<2xf16>) -> tensor<2xf16>
    %result_expected_table = stablehlo.constant dense<[[-0.0, 0x7E00], [0x7C00, 0x0001]]> : tensor<2x2xf16>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x2xf16>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xf16>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x2xf16>) -> tensor<2xf16>
    check.expect_eq %result, %result_expected : tensor<2xf16>
    func.return
  }
}
