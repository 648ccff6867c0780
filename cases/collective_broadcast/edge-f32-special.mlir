// Case: spec/collective_broadcast/edge-f32-special
// f32 values are copied bit-exactly from the source (-0.0, NaN, inf, subnormal); replica 0 is
// in no group and gets +0.0.
module attributes {mhlo.num_replicas = 3 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[1.0, 1.0, 1.0, 1.0], [-0.0, 0x7FC00000, 0xFF800000, 0x00000001], [9.0, 9.0, 9.0, 9.0]]> : tensor<3x4xf32>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 4>
    } : (tensor<3x4xf32>, tensor<ui32>, tensor<ui32>) -> tensor<1x4xf32>
    %operand = stablehlo.reshape %operand_row : (tensor<1x4xf32>) -> tensor<4xf32>
    %result = "stablehlo.collective_broadcast"(%operand) {
      replica_groups = dense<[[1, 2]]> : tensor<1x2xi64>
    } : (tensor<4xf32>) -> tensor<4xf32>
    %result_expected_table = stablehlo.constant dense<[[0.0, 0.0, 0.0, 0.0], [-0.0, 0x7FC00000, 0xFF800000, 0x00000001], [-0.0, 0x7FC00000, 0xFF800000, 0x00000001]]> : tensor<3x4xf32>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero) {
      slice_sizes = array<i64: 1, 4>
    } : (tensor<3x4xf32>, tensor<ui32>, tensor<ui32>) -> tensor<1x4xf32>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x4xf32>) -> tensor<4xf32>
    check.expect_eq %result, %result_expected : tensor<4xf32>
    func.return
  }
}
