// Case: spec/reduce_scatter/edge-empty
// A zero-sized scatter dimension (2x0 split in 2 parts of 2x0) is allowed by (C1).
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %operand = stablehlo.constant dense<> : tensor<2x0xi32>
    %result = "stablehlo.reduce_scatter"(%operand) ({
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
        "stablehlo.return"(%0) : (tensor<i32>) -> ()
    }) {
      scatter_dimension = 1 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<2x0xi32>) -> tensor<2x0xi32>
    check.expect_eq_const %result, dense<> : tensor<2x0xi32>
    func.return
  }
}
