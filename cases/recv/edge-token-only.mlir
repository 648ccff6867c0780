// Case: spec/recv/edge-token-only
// A send with no inputs and a recv whose only result is the token (allowed by (C2)-(C4)): the pair
// only orders the two processes. The case passes when it runs.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %branch = stablehlo.convert %process : (tensor<ui32>) -> tensor<i32>
    %token = stablehlo.after_all : !stablehlo.token
    %result = "stablehlo.case"(%branch) ({
      %sent = "stablehlo.send"(%token) {
        channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>,
        is_host_transfer = false
      } : (!stablehlo.token) -> !stablehlo.token
      "stablehlo.return"(%sent) : (!stablehlo.token) -> ()
    }, {
      %received_token = "stablehlo.recv"(%token) {
        channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>,
        is_host_transfer = false
      } : (!stablehlo.token) -> !stablehlo.token
      "stablehlo.return"(%received_token) : (!stablehlo.token) -> ()
    }) : (tensor<i32>) -> !stablehlo.token
    func.return
  }
}
