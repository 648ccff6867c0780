// Case: spec/all_reduce/edge-bf16
// add on bf16 over two replicas (1 + 2^-8 rounds to even: 1.0; 3 + 0.5 = 3.5 is exact).
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[1.0, 3.0], [0.00390625, 0.5]]> : tensor<2x2xbf16>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x2xbf16>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xbf16>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2xbf16>) -> tensor<2xbf16>
    %result = "stablehlo.all_reduce"(%operand) ({
      ^bb0(%arg0: tensor<bf16>, %arg1: tensor<bf16>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
        "stablehlo.return"(%0) : (tensor<bf16>) -> ()
    }) {
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<2xbf16>) -> tensor<2xbf16>
    check.expect_eq_const %result, dense<[1.0, 3.5]> : tensor<2xbf16>
    func.return
  }
}
