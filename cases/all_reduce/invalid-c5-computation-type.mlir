// Case: spec-invalid/all_reduce/invalid-c5-computation-type
// expect-invalid: all_reduce C5
// The computation takes i32 scalars for an f32 operand.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %0 = "stablehlo.all_reduce"(%arg0) ({
    ^bb0(%a0: tensor<i32>, %a1: tensor<i32>):
      %r0 = "stablehlo.add"(%a0, %a1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%r0) : (tensor<i32>) -> ()
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
    func.return %0 : tensor<4xf32>
  }
}
