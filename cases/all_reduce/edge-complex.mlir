// Case: spec/all_reduce/edge-complex
// add on complex<f32> over 3 replicas (exact parts).
module attributes {mhlo.num_replicas = 3 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[(1.0, 2.0), (0.5, -0.0)], [(-1.0, 0.25), (0.25, -0.0)], [(4.0, -8.0), (0.0, -0.0)]]> : tensor<3x2xcomplex<f32>>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<3x2xcomplex<f32>>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xcomplex<f32>>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
    %result = "stablehlo.all_reduce"(%operand) ({
      ^bb0(%arg0: tensor<complex<f32>>, %arg1: tensor<complex<f32>>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<complex<f32>>, tensor<complex<f32>>) -> tensor<complex<f32>>
        "stablehlo.return"(%0) : (tensor<complex<f32>>) -> ()
    }) {
      replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>
    } : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
    check.expect_eq_const %result, dense<[(4.0, -5.75), (0.75, -0.0)]> : tensor<2xcomplex<f32>>
    func.return
  }
}
