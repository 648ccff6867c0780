// Case: spec/reduce_scatter/edge-f16-rounded-pair
// f16 add of two replicas whose sum needs rounding: 1 + 2^-11 (a tie) -> 1.0; 2048 + 1 -> 2048.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[1.0, 2048.0], [0.00048828125, 1.0]]> : tensor<2x2xf16>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x2xf16>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xf16>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2xf16>) -> tensor<2xf16>
    %result = "stablehlo.reduce_scatter"(%operand) ({
      ^bb0(%arg0: tensor<f16>, %arg1: tensor<f16>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<f16>, tensor<f16>) -> tensor<f16>
        "stablehlo.return"(%0) : (tensor<f16>) -> ()
    }) {
      scatter_dimension = 0 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<2xf16>) -> tensor<1xf16>
    %result_expected_table = stablehlo.constant dense<[[1.0], [2048.0]]> : tensor<2x1xf16>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero) {
      slice_sizes = array<i64: 1, 1>
    } : (tensor<2x1xf16>, tensor<ui32>, tensor<ui32>) -> tensor<1x1xf16>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x1xf16>) -> tensor<1xf16>
    check.expect_eq %result, %result_expected : tensor<1xf16>
    func.return
  }
}
