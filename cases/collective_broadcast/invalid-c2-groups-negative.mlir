// Case: spec-invalid/collective_broadcast/invalid-c2-groups-negative
// expect-invalid: collective_broadcast C2
// replica_groups has -2; ids are at least 0 (-1 only pads a shorter group).
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %0 = "stablehlo.collective_broadcast"(%arg0) {replica_groups = dense<[[-2, 0]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
    func.return %0 : tensor<4xf32>
  }
}
