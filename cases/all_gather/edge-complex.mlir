// Case: spec/all_gather/edge-complex
// complex<f64> operands.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[[(1.0, -1.0)]], [[(0.25, -0.0)]]]> : tensor<2x1x1xcomplex<f64>>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 1, 1>
    } : (tensor<2x1x1xcomplex<f64>>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x1x1xcomplex<f64>>
    %operand = stablehlo.reshape %operand_row : (tensor<1x1x1xcomplex<f64>>) -> tensor<1x1xcomplex<f64>>
    %result = "stablehlo.all_gather"(%operand) {
      all_gather_dim = 0 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<1x1xcomplex<f64>>) -> tensor<2x1xcomplex<f64>>
    check.expect_eq_const %result, dense<[[(1.0, -1.0)], [(0.25, -0.0)]]> : tensor<2x1xcomplex<f64>>
    func.return
  }
}
