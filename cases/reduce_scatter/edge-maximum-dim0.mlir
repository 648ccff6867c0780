// Case: spec/reduce_scatter/edge-maximum-dim0
// maximum over 3 replicas, scatter_dimension 0 (3x2 -> 1x2 each), si32.
module attributes {mhlo.num_replicas = 3 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[[1, 9], [5, 2], [0, 0]], [[4, 3], [5, 8], [-1, 7]], [[2, 2], [6, 1], [-5, 6]]]> : tensor<3x3x2xi32>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 3, 2>
    } : (tensor<3x3x2xi32>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x3x2xi32>
    %operand = stablehlo.reshape %operand_row : (tensor<1x3x2xi32>) -> tensor<3x2xi32>
    %result = "stablehlo.reduce_scatter"(%operand) ({
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
        %0 = "stablehlo.maximum"(%arg0, %arg1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
        "stablehlo.return"(%0) : (tensor<i32>) -> ()
    }) {
      scatter_dimension = 0 : i64,
      replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>
    } : (tensor<3x2xi32>) -> tensor<1x2xi32>
    %result_expected_table = stablehlo.constant dense<[[[4, 9]], [[6, 8]], [[0, 7]]]> : tensor<3x1x2xi32>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 1, 2>
    } : (tensor<3x1x2xi32>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x1x2xi32>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x1x2xi32>) -> tensor<1x2xi32>
    check.expect_eq %result, %result_expected : tensor<1x2xi32>
    func.return
  }
}
