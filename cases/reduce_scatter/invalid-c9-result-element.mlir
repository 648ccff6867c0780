// Case: spec-invalid/reduce_scatter/invalid-c9-result-element
// expect-invalid: reduce_scatter C9
// The computation gives f32, the result is f64.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main(%arg0: tensor<4xf32>) -> tensor<2xf64> {
    %0 = "stablehlo.reduce_scatter"(%arg0) ({
    ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
      %r0 = "stablehlo.add"(%a0, %a1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%r0) : (tensor<f32>) -> ()
    }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<2xf64>
    func.return %0 : tensor<2xf64>
  }
}
