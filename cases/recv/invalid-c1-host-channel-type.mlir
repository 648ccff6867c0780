// Case: spec-invalid/recv/invalid-c1-host-channel-type
// expect-invalid: recv C1
// is_host_transfer = true needs channel type 3 (HOST_TO_DEVICE); it is 1.
module {
  func.func @main(%arg0: !stablehlo.token) -> (tensor<2xf32>, !stablehlo.token) {
    %0:2 = "stablehlo.recv"(%arg0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = true} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
    func.return %0#0, %0#1 : tensor<2xf32>, !stablehlo.token
  }
}
