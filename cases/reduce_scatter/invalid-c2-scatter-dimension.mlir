// Case: spec-invalid/reduce_scatter/invalid-c2-scatter-dimension
// expect-invalid: reduce_scatter C2
// scatter_dimension 1 is out of range for a rank-1 operand.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main(%arg0: tensor<4xf32>) -> tensor<2xf32> {
    %0 = "stablehlo.reduce_scatter"(%arg0) ({
    ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
      %r0 = "stablehlo.add"(%a0, %a1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%r0) : (tensor<f32>) -> ()
    }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<2xf32>
    func.return %0 : tensor<2xf32>
  }
}
