// Case: spec/all_reduce/edge-maximum-f32
// maximum over 3 replicas (f32): a NaN anywhere gives NaN, maximum(-0.0, +0.0) = +0.0, -inf loses
// to everything.
module attributes {mhlo.num_replicas = 3 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[1.0, 0x7FC00000, -0.0, 0xFF800000], [-2.0, 1.0, 0.0, 0xFF800000], [0.5, 3.0, -0.0, -1.0]]> : tensor<3x4xf32>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 4>
    } : (tensor<3x4xf32>, tensor<ui32>, tensor<ui32>) -> tensor<1x4xf32>
    %operand = stablehlo.reshape %operand_row : (tensor<1x4xf32>) -> tensor<4xf32>
    %result = "stablehlo.all_reduce"(%operand) ({
      ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
        %0 = "stablehlo.maximum"(%arg0, %arg1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%0) : (tensor<f32>) -> ()
    }) {
      replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>
    } : (tensor<4xf32>) -> tensor<4xf32>
    check.expect_eq_const %result, dense<[1.0, 0x7FC00000, 0.0, -1.0]> : tensor<4xf32>
    func.return
  }
}
