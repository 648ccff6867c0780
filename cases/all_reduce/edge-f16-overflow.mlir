// Case: spec/all_reduce/edge-f16-overflow
// add on f16: 65504 + 65504 overflows to inf; -0.0 + -0.0 = -0.0; inf + -inf = NaN.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[65504.0, -0.0, 0x7C00], [65504.0, -0.0, 0xFC00]]> : tensor<2x3xf16>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 3>
    } : (tensor<2x3xf16>, tensor<ui32>, tensor<ui32>) -> tensor<1x3xf16>
    %operand = stablehlo.reshape %operand_row : (tensor<1x3xf16>) -> tensor<3xf16>
    %result = "stablehlo.all_reduce"(%operand) ({
      ^bb0(%arg0: tensor<f16>, %arg1: tensor<f16>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<f16>, tensor<f16>) -> tensor<f16>
        "stablehlo.return"(%0) : (tensor<f16>) -> ()
    }) {
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<3xf16>) -> tensor<3xf16>
    check.expect_eq_const %result, dense<[0x7C00, -0.0, 0x7E00]> : tensor<3xf16>
    func.return
  }
}
