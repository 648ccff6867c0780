// Case: spec/all_reduce/edge-multiply-ui8-wrap
// multiply on ui8 wraps modulo 256: 16 * 17 = 272 -> 16; 255 * 255 = 65025 -> 1.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[16, 255, 3], [17, 255, 0]]> : tensor<2x3xui8>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 3>
    } : (tensor<2x3xui8>, tensor<ui32>, tensor<ui32>) -> tensor<1x3xui8>
    %operand = stablehlo.reshape %operand_row : (tensor<1x3xui8>) -> tensor<3xui8>
    %result = "stablehlo.all_reduce"(%operand) ({
      ^bb0(%arg0: tensor<ui8>, %arg1: tensor<ui8>):
        %0 = "stablehlo.multiply"(%arg0, %arg1) : (tensor<ui8>, tensor<ui8>) -> tensor<ui8>
        "stablehlo.return"(%0) : (tensor<ui8>) -> ()
    }) {
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<3xui8>) -> tensor<3xui8>
    check.expect_eq_const %result, dense<[16, 1, 0]> : tensor<3xui8>
    func.return
  }
}
