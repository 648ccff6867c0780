// Case: spec-invalid/send/invalid-c1-host-channel-type
// expect-invalid: send C1
// is_host_transfer = true needs channel type 2 (DEVICE_TO_HOST); it is 1.
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: !stablehlo.token) -> !stablehlo.token {
    %0 = "stablehlo.send"(%arg0, %arg1) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = true} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
    func.return %0 : !stablehlo.token
  }
}
