// Case: spec/all_reduce/edge-promote-i8-to-i32
// i8 operands with an i32 computation (C5) over 2 replicas: the result is i32 (C7)
// and 100 + 100 = 200 does not wrap.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[100, -100], [100, -50]]> : tensor<2x2xi8>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x2xi8>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xi8>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2xi8>) -> tensor<2xi8>
    %result = "stablehlo.all_reduce"(%operand) ({
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
        "stablehlo.return"(%0) : (tensor<i32>) -> ()
    }) {
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<2xi8>) -> tensor<2xi32>
    check.expect_eq_const %result, dense<[200, -150]> : tensor<2xi32>
    func.return
  }
}
