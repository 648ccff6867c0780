// Case: spec-invalid/all_reduce/invalid-c3-groups-negative
// expect-invalid: all_reduce C3
// replica_groups has -2; ids are at least 0 (-1 only pads a shorter group).
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %0 = "stablehlo.all_reduce"(%arg0) ({
    ^bb0(%a0: tensor<f32>, %a1: tensor<f32>):
      %r0 = "stablehlo.add"(%a0, %a1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%r0) : (tensor<f32>) -> ()
    }) {replica_groups = dense<[[0, -2]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
    func.return %0 : tensor<4xf32>
  }
}
