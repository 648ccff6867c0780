// Case: spec-invalid/all_gather/invalid-c6-result-shape
// expect-invalid: all_gather C6
// Groups of 2 make dimension 1 of size 4, the result has 3.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main(%arg0: tensor<2x2xf32>) -> tensor<2x3xf32> {
    %0 = "stablehlo.all_gather"(%arg0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x3xf32>
    func.return %0 : tensor<2x3xf32>
  }
}
