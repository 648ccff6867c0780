// Case: spec/all_to_all/edge-complex
// complex<f64> operands, split along dimension 0 and concatenated along dimension 1.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[[(1.0, 2.0)], [(3.0, 4.0)]], [[(5.0, 6.0)], [(7.0, -0.0)]]]> : tensor<2x2x1xcomplex<f64>>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 2, 1>
    } : (tensor<2x2x1xcomplex<f64>>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2x1xcomplex<f64>>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2x1xcomplex<f64>>) -> tensor<2x1xcomplex<f64>>
    %result = "stablehlo.all_to_all"(%operand) {
      split_dimension = 0 : i64,
      concat_dimension = 1 : i64,
      split_count = 2 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<2x1xcomplex<f64>>) -> tensor<1x2xcomplex<f64>>
    %result_expected_table = stablehlo.constant dense<[[[(1.0, 2.0), (5.0, 6.0)]], [[(3.0, 4.0), (7.0, -0.0)]]]> : tensor<2x1x2xcomplex<f64>>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 1, 2>
    } : (tensor<2x1x2xcomplex<f64>>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x1x2xcomplex<f64>>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x1x2xcomplex<f64>>) -> tensor<1x2xcomplex<f64>>
    check.expect_eq %result, %result_expected : tensor<1x2xcomplex<f64>>
    func.return
  }
}
