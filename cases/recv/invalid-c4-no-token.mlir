// Case: spec-invalid/recv/invalid-c4-no-token
// expect-invalid: recv C4
// The last result is a tensor, not the token.
module {
  func.func @main(%arg0: !stablehlo.token) -> tensor<2xf32> {
    %0 = "stablehlo.recv"(%arg0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false} : (!stablehlo.token) -> tensor<2xf32>
    func.return %0 : tensor<2xf32>
  }
}
