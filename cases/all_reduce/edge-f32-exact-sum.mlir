// Case: spec/all_reduce/edge-f32-exact-sum
// add over 4 replicas (f32) with values whose partial sums are all exact, so every schedule gives
// the same result; 2^23 and -2^23 cancel exactly.
module attributes {mhlo.num_replicas = 4 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[1.5, 8388608.0, 0.25], [-0.5, 1.0, 9.536743e-07], [2.0, -8388608.0, 1.0], [0.125, 2.0, -1.0]]> : tensor<4x3xf32>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 3>
    } : (tensor<4x3xf32>, tensor<ui32>, tensor<ui32>) -> tensor<1x3xf32>
    %operand = stablehlo.reshape %operand_row : (tensor<1x3xf32>) -> tensor<3xf32>
    %result = "stablehlo.all_reduce"(%operand) ({
      ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%0) : (tensor<f32>) -> ()
    }) {
      replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>
    } : (tensor<3xf32>) -> tensor<3xf32>
    check.expect_eq_const %result, dense<[3.125, 3.0, 0.25000095]> : tensor<3xf32>
    func.return
  }
}
