// Case: spec/recv/edge-ring
// A ring of 3 replicas: replica k sends to replica (k + 1) % 3 on channel k + 1, so each receives
// its predecessor's value (ui32).
module attributes {mhlo.num_replicas = 3 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %branch = stablehlo.convert %process : (tensor<ui32>) -> tensor<i32>
    %token = stablehlo.after_all : !stablehlo.token
    %result = "stablehlo.case"(%branch) ({
      %own = stablehlo.constant dense<[10, 11]> : tensor<2xui32>
      %sent = "stablehlo.send"(%own, %token) {
        channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>,
        is_host_transfer = false
      } : (tensor<2xui32>, !stablehlo.token) -> !stablehlo.token
      %received, %received_token = "stablehlo.recv"(%token) {
        channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>,
        is_host_transfer = false
      } : (!stablehlo.token) -> (tensor<2xui32>, !stablehlo.token)
      "stablehlo.return"(%received) : (tensor<2xui32>) -> ()
    }, {
      %own = stablehlo.constant dense<[20, 21]> : tensor<2xui32>
      %received, %received_token = "stablehlo.recv"(%token) {
        channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>,
        is_host_transfer = false
      } : (!stablehlo.token) -> (tensor<2xui32>, !stablehlo.token)
      %sent = "stablehlo.send"(%own, %token) {
        channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>,
        is_host_transfer = false
      } : (tensor<2xui32>, !stablehlo.token) -> !stablehlo.token
      "stablehlo.return"(%received) : (tensor<2xui32>) -> ()
    }, {
      %own = stablehlo.constant dense<[30, 31]> : tensor<2xui32>
      %received, %received_token = "stablehlo.recv"(%token) {
        channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>,
        is_host_transfer = false
      } : (!stablehlo.token) -> (tensor<2xui32>, !stablehlo.token)
      %sent = "stablehlo.send"(%own, %token) {
        channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>,
        is_host_transfer = false
      } : (tensor<2xui32>, !stablehlo.token) -> !stablehlo.token
      "stablehlo.return"(%received) : (tensor<2xui32>) -> ()
    }) : (tensor<i32>) -> tensor<2xui32>
    %result_expected_table = stablehlo.constant dense<[[30, 31], [10, 11], [20, 21]]> : tensor<3x2xui32>
    %result_expected_row = "stablehlo.dynamic_slice"(%result_expected_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<3x2xui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xui32>
    %result_expected = stablehlo.reshape %result_expected_row : (tensor<1x2xui32>) -> tensor<2xui32>
    check.expect_eq %result, %result_expected : tensor<2xui32>
    func.return
  }
}
