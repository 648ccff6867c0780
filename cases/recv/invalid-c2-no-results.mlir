// Case: spec-invalid/recv/invalid-c2-no-results
// expect-invalid: recv C2
// recv has no result, not even the token.
module {
  func.func @main(%arg0: !stablehlo.token) {
    "stablehlo.recv"(%arg0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false} : (!stablehlo.token) -> ()
    func.return
  }
}
