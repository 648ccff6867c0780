// Case: spec/all_gather/edge-group-order
// The concatenation follows the order of the group ([[1, 0]]: replica 1 first), si32.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[10, 11], [20, 21]]> : tensor<2x2xi32>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x2xi32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xi32>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2xi32>) -> tensor<2xi32>
    %result = "stablehlo.all_gather"(%operand) {
      all_gather_dim = 0 : i64,
      replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>
    } : (tensor<2xi32>) -> tensor<4xi32>
    check.expect_eq_const %result, dense<[20, 21, 10, 11]> : tensor<4xi32>
    func.return
  }
}
