// Case: spec/reduce_scatter/edge-group-order
// replica_groups [[1, 0]]: replica 1 gets part 0 of the sum, replica 0 part 1 (ui16).
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[1, 2, 3, 4], [10, 20, 30, 65535]]> : tensor<2x4xui16>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 4>
    } : (tensor<2x4xui16>, tensor<ui32>, tensor<ui32>) -> tensor<1x4xui16>
    %operand = stablehlo.reshape %operand_row : (tensor<1x4xui16>) -> tensor<4xui16>
    %result = "stablehlo.reduce_scatter"(%operand) ({
      ^bb0(%arg0: tensor<ui16>, %arg1: tensor<ui16>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<ui16>, tensor<ui16>) -> tensor<ui16>
        "stablehlo.return"(%0) : (tensor<ui16>) -> ()
    }) {
      scatter_dimension = 0 : i64,
      replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>
    } : (tensor<4xui16>) -> tensor<2xui16>
    %result_expected_table = stablehlo.constant dense<[[33, 3], [11, 22]]> : tensor<2x2xui16>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x2xui16>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xui16>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x2xui16>) -> tensor<2xui16>
    check.expect_eq %result, %result_expected : tensor<2xui16>
    func.return
  }
}
