// Case: spec/all_reduce/edge-minimum-i8
// minimum over 3 replicas (si8, including -128 and 127).
module attributes {mhlo.num_replicas = 3 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[5, -128, 127], [-3, 0, 127], [7, 1, 126]]> : tensor<3x3xi8>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 3>
    } : (tensor<3x3xi8>, tensor<ui32>, tensor<ui32>) -> tensor<1x3xi8>
    %operand = stablehlo.reshape %operand_row : (tensor<1x3xi8>) -> tensor<3xi8>
    %result = "stablehlo.all_reduce"(%operand) ({
      ^bb0(%arg0: tensor<i8>, %arg1: tensor<i8>):
        %0 = "stablehlo.minimum"(%arg0, %arg1) : (tensor<i8>, tensor<i8>) -> tensor<i8>
        "stablehlo.return"(%0) : (tensor<i8>) -> ()
    }) {
      replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>
    } : (tensor<3xi8>) -> tensor<3xi8>
    check.expect_eq_const %result, dense<[-3, -128, 126]> : tensor<3xi8>
    func.return
  }
}
