// Case: spec/all_gather/edge-bf16
// bf16 operands (values copied bit-exactly, including -0.0 and -inf).
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[1.0, -0.0], [0xFF80, 0.5]]> : tensor<2x2xbf16>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x2xbf16>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xbf16>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2xbf16>) -> tensor<2xbf16>
    %result = "stablehlo.all_gather"(%operand) {
      all_gather_dim = 0 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<2xbf16>) -> tensor<4xbf16>
    check.expect_eq_const %result, dense<[1.0, -0.0, 0xFF80, 0.5]> : tensor<4xbf16>
    func.return
  }
}
