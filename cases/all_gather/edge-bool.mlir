// Case: spec/all_gather/edge-bool
// i1 operands.
module attributes {mhlo.num_replicas = 3 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[true, false], [false, false], [true, true]]> : tensor<3x2xi1>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<3x2xi1>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xi1>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2xi1>) -> tensor<2xi1>
    %result = "stablehlo.all_gather"(%operand) {
      all_gather_dim = 0 : i64,
      replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>
    } : (tensor<2xi1>) -> tensor<6xi1>
    check.expect_eq_const %result, dense<[true, false, false, false, true, true]> : tensor<6xi1>
    func.return
  }
}
