// Case: spec/send/edge-channel-order
// Two sends on one channel are received in the order they were sent (si32, channel 3):
// the first recv gets the first value.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %branch = stablehlo.convert %process : (tensor<ui32>) -> tensor<i32>
    %token = stablehlo.after_all : !stablehlo.token
    %first = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
    %second = stablehlo.constant dense<[-4, -5, -6]> : tensor<3xi32>
    %result1, %result2 = "stablehlo.case"(%branch) ({
      %sent1 = "stablehlo.send"(%first, %token) {
        channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>,
        is_host_transfer = false
      } : (tensor<3xi32>, !stablehlo.token) -> !stablehlo.token
      %sent2 = "stablehlo.send"(%second, %sent1) {
        channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>,
        is_host_transfer = false
      } : (tensor<3xi32>, !stablehlo.token) -> !stablehlo.token
      "stablehlo.return"(%first, %second) : (tensor<3xi32>, tensor<3xi32>) -> ()
    }, {
      %received1, %token1 = "stablehlo.recv"(%token) {
        channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>,
        is_host_transfer = false
      } : (!stablehlo.token) -> (tensor<3xi32>, !stablehlo.token)
      %received2, %token2 = "stablehlo.recv"(%token1) {
        channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>,
        is_host_transfer = false
      } : (!stablehlo.token) -> (tensor<3xi32>, !stablehlo.token)
      "stablehlo.return"(%received1, %received2) : (tensor<3xi32>, tensor<3xi32>) -> ()
    }) : (tensor<i32>) -> (tensor<3xi32>, tensor<3xi32>)
    check.expect_eq_const %result1, dense<[1, 2, 3]> : tensor<3xi32>
    check.expect_eq_const %result2, dense<[-4, -5, -6]> : tensor<3xi32>
    func.return
  }
}
