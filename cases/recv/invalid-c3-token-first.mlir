// Case: spec-invalid/recv/invalid-c3-token-first
// expect-invalid: recv C3
// A token before the last result: every result but the last is a tensor.
module {
  func.func @main(%arg0: !stablehlo.token) -> (!stablehlo.token, !stablehlo.token) {
    %0:2 = "stablehlo.recv"(%arg0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false} : (!stablehlo.token) -> (!stablehlo.token, !stablehlo.token)
    func.return %0#0, %0#1 : !stablehlo.token, !stablehlo.token
  }
}
