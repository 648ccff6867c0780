// Case: spec/all_reduce/edge-empty
// A zero-sized operand (0x3) gives a zero-sized result.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %operand = stablehlo.constant dense<> : tensor<0x3xf32>
    %result = "stablehlo.all_reduce"(%operand) ({
      ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%0) : (tensor<f32>) -> ()
    }) {
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<0x3xf32>) -> tensor<0x3xf32>
    check.expect_eq_const %result, dense<> : tensor<0x3xf32>
    func.return
  }
}
