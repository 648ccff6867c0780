// Case: spec/recv/edge-ping-pong
// Replica 0 sends on channel 1 and waits on channel 2; replica 1 receives, sends its own value back
// on channel 2 (f64). Replica 0 ends with replica 1's value and replica 1 with replica 0's.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %branch = stablehlo.convert %process : (tensor<ui32>) -> tensor<i32>
    %token = stablehlo.after_all : !stablehlo.token
    %ping = stablehlo.constant dense<[-0.5]> : tensor<1xf64>
    %pong = stablehlo.constant dense<[7.5]> : tensor<1xf64>
    %result = "stablehlo.case"(%branch) ({
      %sent = "stablehlo.send"(%ping, %token) {
        channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>,
        is_host_transfer = false
      } : (tensor<1xf64>, !stablehlo.token) -> !stablehlo.token
      %received, %received_token = "stablehlo.recv"(%sent) {
        channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>,
        is_host_transfer = false
      } : (!stablehlo.token) -> (tensor<1xf64>, !stablehlo.token)
      "stablehlo.return"(%received) : (tensor<1xf64>) -> ()
    }, {
      %received, %received_token = "stablehlo.recv"(%token) {
        channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>,
        is_host_transfer = false
      } : (!stablehlo.token) -> (tensor<1xf64>, !stablehlo.token)
      %sent = "stablehlo.send"(%pong, %received_token) {
        channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>,
        is_host_transfer = false
      } : (tensor<1xf64>, !stablehlo.token) -> !stablehlo.token
      "stablehlo.return"(%received) : (tensor<1xf64>) -> ()
    }) : (tensor<i32>) -> tensor<1xf64>
    %result_expected_table = stablehlo.constant dense<[[7.5], [-0.5]]> : tensor<2x1xf64>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero) {
      slice_sizes = array<i64: 1, 1>
    } : (tensor<2x1xf64>, tensor<ui32>, tensor<ui32>) -> tensor<1x1xf64>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x1xf64>) -> tensor<1xf64>
    check.expect_eq %result, %result_expected : tensor<1xf64>
    func.return
  }
}
