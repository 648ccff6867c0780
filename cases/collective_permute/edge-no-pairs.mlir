// Case: spec/collective_permute/edge-no-pairs
// No pairs (source_target_pairs is a 0x2 tensor): every process gets zeros (f32, +0.0).
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[1.0, -0.0], [2.0, 3.0]]> : tensor<2x2xf32>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x2xf32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xf32>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2xf32>) -> tensor<2xf32>
    %result = "stablehlo.collective_permute"(%operand) {
      source_target_pairs = dense<> : tensor<0x2xi64>
    } : (tensor<2xf32>) -> tensor<2xf32>
    check.expect_eq_const %result, dense<[0.0, 0.0]> : tensor<2xf32>
    func.return
  }
}
