// Case: spec-invalid/all_gather/invalid-c1-dim-range
// expect-invalid: all_gather C1
// all_gather_dim 2 is out of range for rank-2 operands.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main(%arg0: tensor<2x2xf32>) -> tensor<2x4xf32> {
    %0 = "stablehlo.all_gather"(%arg0) {all_gather_dim = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
    func.return %0 : tensor<2x4xf32>
  }
}
