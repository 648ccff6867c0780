// Case: spec/collective_broadcast/edge-no-groups
// No process groups at all (replica_groups is a 0x0 tensor): by the spec every process is in no
// group and gets zeros. (XLA reads empty replica_groups as one group of all replicas; the spec has no such rule.)
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x2xi32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xi32>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2xi32>) -> tensor<2xi32>
    %result = "stablehlo.collective_broadcast"(%operand) {
      replica_groups = dense<> : tensor<0x0xi64>
    } : (tensor<2xi32>) -> tensor<2xi32>
    check.expect_eq_const %result, dense<[0, 0]> : tensor<2xi32>
    func.return
  }
}
