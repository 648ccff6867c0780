// Case: spec/all_reduce/edge-first-of-group
// A body that returns its first argument: every binary tree whose in-order traversal is the group
// (order [2, 0, 1]) returns its leftmost leaf, x@2 (si32, 3 replicas).
module attributes {mhlo.num_replicas = 3 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<3x2xi32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xi32>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2xi32>) -> tensor<2xi32>
    %result = "stablehlo.all_reduce"(%operand) ({
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
        "stablehlo.return"(%arg0) : (tensor<i32>) -> ()
    }) {
      replica_groups = dense<[[2, 0, 1]]> : tensor<1x3xi64>
    } : (tensor<2xi32>) -> tensor<2xi32>
    check.expect_eq_const %result, dense<[5, 6]> : tensor<2xi32>
    func.return
  }
}
