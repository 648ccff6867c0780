// Case: spec/all_reduce/edge-and-bool
// and over 3 replicas (i1): true only where every process has true.
module attributes {mhlo.num_replicas = 3 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[true, true, false, true], [true, false, false, true], [true, true, true, true]]> : tensor<3x4xi1>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 4>
    } : (tensor<3x4xi1>, tensor<ui32>, tensor<ui32>) -> tensor<1x4xi1>
    %operand = stablehlo.reshape %operand_row : (tensor<1x4xi1>) -> tensor<4xi1>
    %result = "stablehlo.all_reduce"(%operand) ({
      ^bb0(%arg0: tensor<i1>, %arg1: tensor<i1>):
        %0 = "stablehlo.and"(%arg0, %arg1) : (tensor<i1>, tensor<i1>) -> tensor<i1>
        "stablehlo.return"(%0) : (tensor<i1>) -> ()
    }) {
      replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>
    } : (tensor<4xi1>) -> tensor<4xi1>
    check.expect_eq_const %result, dense<[true, false, false, true]> : tensor<4xi1>
    func.return
  }
}
