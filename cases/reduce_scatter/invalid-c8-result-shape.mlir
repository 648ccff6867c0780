// Case: spec-invalid/reduce_scatter/invalid-c8-result-shape
// expect-invalid: reduce_scatter C8
// 4 elements scattered among 2 processes make 2, the result has 3.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main(%arg0: tensor<4xf32>) -> tensor<3xf32> {
    %0 = "stablehlo.reduce_scatter"(%arg0) ({
    ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
      %r0 = "stablehlo.add"(%a0, %a1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%r0) : (tensor<f32>) -> ()
    }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<3xf32>
    func.return %0 : tensor<3xf32>
  }
}
