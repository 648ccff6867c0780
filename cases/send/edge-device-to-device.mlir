// Case: spec/send/edge-device-to-device
// Replica 0 sends a 2x2 si64 tensor on channel 1 (DEVICE_TO_DEVICE); replica 1 receives it.
// Both processes return the value (the sender its operand), and both must see [[1, 2], [3, 4]].
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %branch = stablehlo.convert %process : (tensor<ui32>) -> tensor<i32>
    %token = stablehlo.after_all : !stablehlo.token
    %operand = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
    %result = "stablehlo.case"(%branch) ({
      %sent = "stablehlo.send"(%operand, %token) {
        channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>,
        is_host_transfer = false
      } : (tensor<2x2xi64>, !stablehlo.token) -> !stablehlo.token
      "stablehlo.return"(%operand) : (tensor<2x2xi64>) -> ()
    }, {
      %received, %received_token = "stablehlo.recv"(%token) {
        channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>,
        is_host_transfer = false
      } : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
      "stablehlo.return"(%received) : (tensor<2x2xi64>) -> ()
    }) : (tensor<i32>) -> tensor<2x2xi64>
    check.expect_eq_const %result, dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
    func.return
  }
}
