// Case: spec/reduce_scatter/edge-groups-of-one
// Groups of one process: the result is the operand (one part).
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[1.0, -0.0], [0x7FC00000, 0x7F800000]]> : tensor<2x2xf32>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x2xf32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xf32>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2xf32>) -> tensor<2xf32>
    %result = "stablehlo.reduce_scatter"(%operand) ({
      ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%0) : (tensor<f32>) -> ()
    }) {
      scatter_dimension = 0 : i64,
      replica_groups = dense<[[0], [1]]> : tensor<2x1xi64>
    } : (tensor<2xf32>) -> tensor<2xf32>
    %result_expected_table = stablehlo.constant dense<[[1.0, -0.0], [0x7FC00000, 0x7F800000]]> : tensor<2x2xf32>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x2xf32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xf32>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x2xf32>) -> tensor<2xf32>
    check.expect_eq %result, %result_expected : tensor<2xf32>
    func.return
  }
}
