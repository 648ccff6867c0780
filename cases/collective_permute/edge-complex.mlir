// Case: spec/collective_permute/edge-complex
// complex<f32>: replica 0 is no target and gets (0.0, 0.0).
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[(1.0, -2.0)], [(3.0, -0.0)]]> : tensor<2x1xcomplex<f32>>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 1>
    } : (tensor<2x1xcomplex<f32>>, tensor<ui32>, tensor<ui32>) -> tensor<1x1xcomplex<f32>>
    %operand = stablehlo.reshape %operand_row : (tensor<1x1xcomplex<f32>>) -> tensor<1xcomplex<f32>>
    %result = "stablehlo.collective_permute"(%operand) {
      source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<1xcomplex<f32>>) -> tensor<1xcomplex<f32>>
    %result_expected_table = stablehlo.constant dense<[[(0.0, 0.0)], [(1.0, -2.0)]]> : tensor<2x1xcomplex<f32>>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero) {
      slice_sizes = array<i64: 1, 1>
    } : (tensor<2x1xcomplex<f32>>, tensor<ui32>, tensor<ui32>) -> tensor<1x1xcomplex<f32>>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x1xcomplex<f32>>) -> tensor<1xcomplex<f32>>
    check.expect_eq %result, %result_expected : tensor<1xcomplex<f32>>
    func.return
  }
}
