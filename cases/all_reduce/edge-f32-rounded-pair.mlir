// Case: spec/all_reduce/edge-f32-rounded-pair
// add of two f32 values whose sum needs rounding (a group of two has one schedule, so the
// result is the correctly rounded sum): 1 + 2^-24 is a tie -> 1.0 (even), 1 + 3 * 2^-24 -> 1 + 2^-22.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[1.0, 1.0], [5.9604645e-08, 1.7881393e-07]]> : tensor<2x2xf32>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x2xf32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xf32>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2xf32>) -> tensor<2xf32>
    %result = "stablehlo.all_reduce"(%operand) ({
      ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%0) : (tensor<f32>) -> ()
    }) {
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<2xf32>) -> tensor<2xf32>
    check.expect_eq_const %result, dense<[1.0, 1.0000002]> : tensor<2xf32>
    func.return
  }
}
