// Case: spec-invalid/all_to_all/invalid-c4-split-count
// expect-invalid: all_to_all C4
// split_count 0.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main(%arg0: tensor<4x2xf32>) -> tensor<4x2xf32> {
    %0 = "stablehlo.all_to_all"(%arg0) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x2xf32>) -> tensor<4x2xf32>
    func.return %0 : tensor<4x2xf32>
  }
}
