// Case: spec/all_gather/edge-mixed-operands
// Two operands of different element types and shapes (f16 2x1 and i1 1x2) gathered along dimension 1.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand0_table = stablehlo.constant dense<[[[0.5], [-0.0]], [[0x7C00], [2.0]]]> : tensor<2x2x1xf16>
    %operand0_row = "stablehlo.dynamic_slice"(%operand0_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 2, 1>
    } : (tensor<2x2x1xf16>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2x1xf16>
    %operand0 = stablehlo.reshape %operand0_row : (tensor<1x2x1xf16>) -> tensor<2x1xf16>
    %operand1_table = stablehlo.constant dense<[[[true, false]], [[false, false]]]> : tensor<2x1x2xi1>
    %operand1_row = "stablehlo.dynamic_slice"(%operand1_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 1, 2>
    } : (tensor<2x1x2xi1>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x1x2xi1>
    %operand1 = stablehlo.reshape %operand1_row : (tensor<1x1x2xi1>) -> tensor<1x2xi1>
    %result0, %result1 = "stablehlo.all_gather"(%operand0, %operand1) {
      all_gather_dim = 1 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<2x1xf16>, tensor<1x2xi1>) -> (tensor<2x2xf16>, tensor<1x4xi1>)
    check.expect_eq_const %result0, dense<[[0.5, 0x7C00], [-0.0, 2.0]]> : tensor<2x2xf16>
    check.expect_eq_const %result1, dense<[[true, false, false, false]]> : tensor<1x4xi1>
    func.return
  }
}
