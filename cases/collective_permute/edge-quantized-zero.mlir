// Case: spec/collective_permute/edge-quantized-zero
// A per-tensor quantized operand (!quant.uniform<i8:f32, 0.25:-2>): the process that is no
// target gets quantize(0) = the zero point -2 (storage values read through bitcast_convert).
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %storage_table = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi8>
    %storage_row = "stablehlo.dynamic_slice"(%storage_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x2xi8>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xi8>
    %storage = stablehlo.reshape %storage_row : (tensor<1x2xi8>) -> tensor<2xi8>
    %operand = "stablehlo.bitcast_convert"(%storage) : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 0.25:-2>>
    %quantized_result = "stablehlo.collective_permute"(%operand) {
      source_target_pairs = dense<[[1, 0]]> : tensor<1x2xi64>
    } : (tensor<2x!quant.uniform<i8:f32, 0.25:-2>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:-2>>
    %result = "stablehlo.bitcast_convert"(%quantized_result) : (tensor<2x!quant.uniform<i8:f32, 0.25:-2>>) -> tensor<2xi8>
    %result_expected_table = stablehlo.constant dense<[[7, 8], [-2, -2]]> : tensor<2x2xi8>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x2xi8>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xi8>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x2xi8>) -> tensor<2xi8>
    check.expect_eq %result, %result_expected : tensor<2xi8>
    func.return
  }
}
