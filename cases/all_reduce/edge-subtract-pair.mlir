// Case: spec/all_reduce/edge-subtract-pair
// A non-commutative body (subtract) on a group of two: the only schedule is
// computation(x@g0, x@g1), in group order; with replica_groups [[1, 0]] that is x@1 - x@0 (si64).
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[10, 0], [3, 5]]> : tensor<2x2xi64>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x2xi64>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xi64>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2xi64>) -> tensor<2xi64>
    %result = "stablehlo.all_reduce"(%operand) ({
      ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
        %0 = "stablehlo.subtract"(%arg0, %arg1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
        "stablehlo.return"(%0) : (tensor<i64>) -> ()
    }) {
      replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>
    } : (tensor<2xi64>) -> tensor<2xi64>
    check.expect_eq_const %result, dense<[-7, 5]> : tensor<2xi64>
    func.return
  }
}
