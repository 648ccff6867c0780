// Case: spec/collective_broadcast/edge-complex
// complex<f32>: replica 1 is in no group and gets (0.0, 0.0).
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[(1.5, -0.0), (-2.0, 0.25)], [(3.0, 3.0), (4.0, 4.0)]]> : tensor<2x2xcomplex<f32>>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x2xcomplex<f32>>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xcomplex<f32>>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
    %result = "stablehlo.collective_broadcast"(%operand) {
      replica_groups = dense<[[0]]> : tensor<1x1xi64>
    } : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
    %result_expected_table = stablehlo.constant dense<[[(1.5, -0.0), (-2.0, 0.25)], [(0.0, 0.0), (0.0, 0.0)]]> : tensor<2x2xcomplex<f32>>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x2xcomplex<f32>>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xcomplex<f32>>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
    check.expect_eq %result, %result_expected : tensor<2xcomplex<f32>>
    func.return
  }
}
