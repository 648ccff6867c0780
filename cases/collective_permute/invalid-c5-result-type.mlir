// Case: spec-invalid/collective_permute/invalid-c5-result-type
// expect-invalid: collective_permute C5
// The result has 3 elements, the operand 4.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main(%arg0: tensor<4xf32>) -> tensor<3xf32> {
    %0 = "stablehlo.collective_permute"(%arg0) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<3xf32>
    func.return %0 : tensor<3xf32>
  }
}
