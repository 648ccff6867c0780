// Case: spec-invalid/reduce_scatter/invalid-c7-computation-type
// expect-invalid: reduce_scatter C7
// The computation takes i32 scalars for an f32 operand.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main(%arg0: tensor<4xf32>) -> tensor<2xf32> {
    %0 = "stablehlo.reduce_scatter"(%arg0) ({
    ^bb0(%a0: tensor<i32>, %a1: tensor<i32>):
      %r0 = "stablehlo.add"(%a0, %a1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%r0) : (tensor<i32>) -> ()
    }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<2xf32>
    func.return %0 : tensor<2xf32>
  }
}
