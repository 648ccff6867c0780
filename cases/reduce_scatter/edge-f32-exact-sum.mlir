// Case: spec/reduce_scatter/edge-f32-exact-sum
// f32 add over 4 replicas with exact partial sums (every schedule gives the same result).
module attributes {mhlo.num_replicas = 4 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[1.0, 0.5, 0.0009765625, 3.0], [2.0, -0.5, 1.0, 8388608.0], [4.0, 0.25, 1024.0, -8388608.0], [8.0, -0.0, 0.0, 1.0]]> : tensor<4x4xf32>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 4>
    } : (tensor<4x4xf32>, tensor<ui32>, tensor<ui32>) -> tensor<1x4xf32>
    %operand = stablehlo.reshape %operand_row : (tensor<1x4xf32>) -> tensor<4xf32>
    %result = "stablehlo.reduce_scatter"(%operand) ({
      ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%0) : (tensor<f32>) -> ()
    }) {
      scatter_dimension = 0 : i64,
      replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>
    } : (tensor<4xf32>) -> tensor<1xf32>
    %result_expected_table = stablehlo.constant dense<[[15.0], [0.25], [1025.001], [4.0]]> : tensor<4x1xf32>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero) {
      slice_sizes = array<i64: 1, 1>
    } : (tensor<4x1xf32>, tensor<ui32>, tensor<ui32>) -> tensor<1x1xf32>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x1xf32>) -> tensor<1xf32>
    check.expect_eq %result, %result_expected : tensor<1xf32>
    func.return
  }
}
