// Case: spec/reduce_scatter/edge-complex
// complex<f64> add over 2 replicas.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[(1.0, 2.0), (0.5, -0.5)], [(3.0, -2.0), (0.25, -0.0)]]> : tensor<2x2xcomplex<f64>>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x2xcomplex<f64>>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xcomplex<f64>>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2xcomplex<f64>>) -> tensor<2xcomplex<f64>>
    %result = "stablehlo.reduce_scatter"(%operand) ({
      ^bb0(%arg0: tensor<complex<f64>>, %arg1: tensor<complex<f64>>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<complex<f64>>, tensor<complex<f64>>) -> tensor<complex<f64>>
        "stablehlo.return"(%0) : (tensor<complex<f64>>) -> ()
    }) {
      scatter_dimension = 0 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<2xcomplex<f64>>) -> tensor<1xcomplex<f64>>
    %result_expected_table = stablehlo.constant dense<[[(4.0, 0.0)], [(0.75, -0.5)]]> : tensor<2x1xcomplex<f64>>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero) {
      slice_sizes = array<i64: 1, 1>
    } : (tensor<2x1xcomplex<f64>>, tensor<ui32>, tensor<ui32>) -> tensor<1x1xcomplex<f64>>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x1xcomplex<f64>>) -> tensor<1xcomplex<f64>>
    check.expect_eq %result, %result_expected : tensor<1xcomplex<f64>>
    func.return
  }
}
