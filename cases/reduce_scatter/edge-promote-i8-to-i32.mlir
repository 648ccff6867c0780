// Case: spec/reduce_scatter/edge-promote-i8-to-i32
// i8 operands with an i32 computation (C7) over 2 replicas: the result is i32
// (C9) and 100 + 100 = 200 does not wrap.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[100, 1], [100, 2]]> : tensor<2x2xi8>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x2xi8>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xi8>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2xi8>) -> tensor<2xi8>
    %result = "stablehlo.reduce_scatter"(%operand) ({
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
        "stablehlo.return"(%0) : (tensor<i32>) -> ()
    }) {
      scatter_dimension = 0 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<2xi8>) -> tensor<1xi32>
    %result_expected_table = stablehlo.constant dense<[[200], [3]]> : tensor<2x1xi32>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero) {
      slice_sizes = array<i64: 1, 1>
    } : (tensor<2x1xi32>, tensor<ui32>, tensor<ui32>) -> tensor<1x1xi32>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x1xi32>) -> tensor<1xi32>
    check.expect_eq %result, %result_expected : tensor<1xi32>
    func.return
  }
}
