// Case: spec/all_reduce/edge-add-i32-wrap
// add on si32 wraps (two's complement): 2147483647 + 1 -> -2147483648.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[2147483647, -2147483648], [1, -1]]> : tensor<2x2xi32>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x2xi32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xi32>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2xi32>) -> tensor<2xi32>
    %result = "stablehlo.all_reduce"(%operand) ({
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
        "stablehlo.return"(%0) : (tensor<i32>) -> ()
    }) {
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<2xi32>) -> tensor<2xi32>
    check.expect_eq_const %result, dense<[-2147483648, 2147483647]> : tensor<2xi32>
    func.return
  }
}
