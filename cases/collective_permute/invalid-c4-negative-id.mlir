// Case: spec-invalid/collective_permute/invalid-c4-negative-id
// expect-invalid: collective_permute C4
// source_target_pairs has -1.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %0 = "stablehlo.collective_permute"(%arg0) {source_target_pairs = dense<[[-1, 0]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
    func.return %0 : tensor<4xf32>
  }
}
