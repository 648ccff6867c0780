// Case: spec-invalid/all_gather/invalid-c2-groups-repeat
// expect-invalid: all_gather C2
// replica_groups repeats 0.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main(%arg0: tensor<2x2xf32>) -> tensor<2x4xf32> {
    %0 = "stablehlo.all_gather"(%arg0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
    func.return %0 : tensor<2x4xf32>
  }
}
