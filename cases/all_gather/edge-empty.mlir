// Case: spec/all_gather/edge-empty
// A zero-sized operand (2x0) gathered along dimension 0 gives a 4x0 result.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %operand = stablehlo.constant dense<> : tensor<2x0xf32>
    %result = "stablehlo.all_gather"(%operand) {
      all_gather_dim = 0 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<2x0xf32>) -> tensor<4x0xf32>
    check.expect_eq_const %result, dense<> : tensor<4x0xf32>
    func.return
  }
}
