// Case: spec/all_gather/edge-dim0-f32
// all_gather along dimension 0 copies f32 values bit-exactly (-0.0, inf, NaN, the smallest subnormal).
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[1.5, -0.0, 0x7FC00000], [0x7F800000, 0x00000001, -1.0]]> : tensor<2x3xf32>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 3>
    } : (tensor<2x3xf32>, tensor<ui32>, tensor<ui32>) -> tensor<1x3xf32>
    %operand = stablehlo.reshape %operand_row : (tensor<1x3xf32>) -> tensor<3xf32>
    %result = "stablehlo.all_gather"(%operand) {
      all_gather_dim = 0 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<3xf32>) -> tensor<6xf32>
    check.expect_eq_const %result, dense<[1.5, -0.0, 0x7FC00000, 0x7F800000, 0x00000001, -1.0]> : tensor<6xf32>
    func.return
  }
}
