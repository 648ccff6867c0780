// Case: spec/recv/example-1
// From the spec's `recv` example (a host transfer on channel 1, HOST_TO_DEVICE). The host end
// is implementation-defined; as in the upstream interpreter's tests, the value comes from the spec's `send`
// example (a host send on channel 1) run earlier in the same process.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
    %token = stablehlo.after_all : !stablehlo.token
    %sent = "stablehlo.send"(%operand, %token) {
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>,
      is_host_transfer = true
    } : (tensor<2x2xi64>, !stablehlo.token) -> !stablehlo.token
    %results0, %results1 = "stablehlo.recv"(%sent) {
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>,
      is_host_transfer = true
    } : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
    check.expect_eq_const %results0, dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
    func.return
  }
}
