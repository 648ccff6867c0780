// Case: spec/all_reduce/edge-or-ui32
// Bitwise or over 4 replicas (ui32).
module attributes {mhlo.num_replicas = 4 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[1, 0], [2, 0], [4, 2147483648], [8, 0]]> : tensor<4x2xui32>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<4x2xui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xui32>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2xui32>) -> tensor<2xui32>
    %result = "stablehlo.all_reduce"(%operand) ({
      ^bb0(%arg0: tensor<ui32>, %arg1: tensor<ui32>):
        %0 = "stablehlo.or"(%arg0, %arg1) : (tensor<ui32>, tensor<ui32>) -> tensor<ui32>
        "stablehlo.return"(%0) : (tensor<ui32>) -> ()
    }) {
      replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>
    } : (tensor<2xui32>) -> tensor<2xui32>
    check.expect_eq_const %result, dense<[15, 2147483648]> : tensor<2xui32>
    func.return
  }
}
