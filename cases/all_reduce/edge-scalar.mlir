// Case: spec/all_reduce/edge-scalar
// A rank-0 operand (ui64 add over 3 replicas).
module attributes {mhlo.num_replicas = 3 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %operand_table = stablehlo.constant dense<[9223372036854775808, 9223372036854775807, 5]> : tensor<3xui64>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process) {
      slice_sizes = array<i64: 1>
    } : (tensor<3xui64>, tensor<ui32>) -> tensor<1xui64>
    %operand = stablehlo.reshape %operand_row : (tensor<1xui64>) -> tensor<ui64>
    %result = "stablehlo.all_reduce"(%operand) ({
      ^bb0(%arg0: tensor<ui64>, %arg1: tensor<ui64>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<ui64>, tensor<ui64>) -> tensor<ui64>
        "stablehlo.return"(%0) : (tensor<ui64>) -> ()
    }) {
      replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>
    } : (tensor<ui64>) -> tensor<ui64>
    check.expect_eq_const %result, dense<4> : tensor<ui64>
    func.return
  }
}
