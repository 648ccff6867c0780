// Case: spec/all_reduce/quantized-max-two-groups
// Quantized maximum over 4 replicas in groups [[0, 3], [2, 1]] (scale 0.25, zero point -3).
module attributes {mhlo.num_replicas = 4 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %storage_table = stablehlo.constant dense<[[1, -5], [7, 3], [-8, 100], [2, -128]]> : tensor<4x2xi8>
    %storage_row = "stablehlo.dynamic_slice"(%storage_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<4x2xi8>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xi8>
    %storage = stablehlo.reshape %storage_row : (tensor<1x2xi8>) -> tensor<2xi8>
    %operand = "stablehlo.bitcast_convert"(%storage) : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 0.25:-3>>
    %quantized_result = "stablehlo.all_reduce"(%operand) ({
      ^bb0(%arg0: tensor<!quant.uniform<i8:f32, 0.25:-3>>, %arg1: tensor<!quant.uniform<i8:f32, 0.25:-3>>):
        %0 = "stablehlo.maximum"(%arg0, %arg1) : (tensor<!quant.uniform<i8:f32, 0.25:-3>>, tensor<!quant.uniform<i8:f32, 0.25:-3>>) -> tensor<!quant.uniform<i8:f32, 0.25:-3>>
        "stablehlo.return"(%0) : (tensor<!quant.uniform<i8:f32, 0.25:-3>>) -> ()
    }) {
      replica_groups = dense<[[0, 3], [2, 1]]> : tensor<2x2xi64>
    } : (tensor<2x!quant.uniform<i8:f32, 0.25:-3>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:-3>>
    %result = "stablehlo.bitcast_convert"(%quantized_result) : (tensor<2x!quant.uniform<i8:f32, 0.25:-3>>) -> tensor<2xi8>
    %result_expected_table = stablehlo.constant dense<[[2, -5], [7, 100], [7, 100], [2, -5]]> : tensor<4x2xi8>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<4x2xi8>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xi8>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x2xi8>) -> tensor<2xi8>
    check.expect_eq %result, %result_expected : tensor<2xi8>
    func.return
  }
}
