// Case: spec/recv/edge-2x2-grid
// On a 2x2 grid process (1, 1) sends to process (0, 0) on channel 4 (bf16); the other two processes
// take no part and return their own constant.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 2 : i32} {
  func.func @main() {
    %replica = "stablehlo.replica_id"() : () -> tensor<ui32>
    %partition = "stablehlo.partition_id"() : () -> tensor<ui32>
    %num_partitions = stablehlo.constant dense<2> : tensor<ui32>
    %replica_base = stablehlo.multiply %replica, %num_partitions : tensor<ui32>
    %process = stablehlo.add %replica_base, %partition : tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %branch = stablehlo.convert %process : (tensor<ui32>) -> tensor<i32>
    %token = stablehlo.after_all : !stablehlo.token
    %operand = stablehlo.constant dense<[[1.0, -0.0], [0.5, 0xFF80]]> : tensor<2x2xbf16>
    %idle = stablehlo.constant dense<[[0.0, 0.0], [0.0, 0.0]]> : tensor<2x2xbf16>
    %result = "stablehlo.case"(%branch) ({
      %received, %received_token = "stablehlo.recv"(%token) {
        channel_handle = #stablehlo.channel_handle<handle = 4, type = 1>,
        is_host_transfer = false
      } : (!stablehlo.token) -> (tensor<2x2xbf16>, !stablehlo.token)
      "stablehlo.return"(%received) : (tensor<2x2xbf16>) -> ()
    }, {
      "stablehlo.return"(%idle) : (tensor<2x2xbf16>) -> ()
    }, {
      "stablehlo.return"(%idle) : (tensor<2x2xbf16>) -> ()
    }, {
      %sent = "stablehlo.send"(%operand, %token) {
        channel_handle = #stablehlo.channel_handle<handle = 4, type = 1>,
        is_host_transfer = false
      } : (tensor<2x2xbf16>, !stablehlo.token) -> !stablehlo.token
      "stablehlo.return"(%operand) : (tensor<2x2xbf16>) -> ()
    }) : (tensor<i32>) -> tensor<2x2xbf16>
    %result_expected_table = stablehlo.constant dense<[[[1.0, -0.0], [0.5, 0xFF80]], [[0.0, 0.0], [0.0, 0.0]], [[0.0, 0.0], [0.0, 0.0]], [[1.0, -0.0], [0.5, 0xFF80]]]> : tensor<4x2x2xbf16>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero, %zero) {
      slice_sizes = array<i64: 1, 2, 2>
    } : (tensor<4x2x2xbf16>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2x2xbf16>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x2x2xbf16>) -> tensor<2x2xbf16>
    check.expect_eq %result, %result_expected : tensor<2x2xbf16>
    func.return
  }
}
