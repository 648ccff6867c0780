// Case: spec-invalid/all_to_all/invalid-c2-split-divides
// expect-invalid: all_to_all C2
// Dimension 0 of size 3 does not split in 2.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main(%arg0: tensor<3x2xf32>) -> tensor<3x2xf32> {
    %0 = "stablehlo.all_to_all"(%arg0) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3x2xf32>) -> tensor<3x2xf32>
    func.return %0 : tensor<3x2xf32>
  }
}
