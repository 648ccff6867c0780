// Case: spec/send/edge-multiple-inputs
// One send with two inputs (f32 with -0.0, NaN, inf and a subnormal; i1) on channel 7: the recv
// has two payload results, in the same order, bit-exact.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %branch = stablehlo.convert %process : (tensor<ui32>) -> tensor<i32>
    %token = stablehlo.after_all : !stablehlo.token
    %floats = stablehlo.constant dense<[-0.0, 0x7FC00000, 0x7F800000, 0x00000001]> : tensor<4xf32>
    %flags = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>
    %result_floats, %result_flags = "stablehlo.case"(%branch) ({
      %sent = "stablehlo.send"(%floats, %flags, %token) {
        channel_handle = #stablehlo.channel_handle<handle = 7, type = 1>,
        is_host_transfer = false
      } : (tensor<4xf32>, tensor<3xi1>, !stablehlo.token) -> !stablehlo.token
      "stablehlo.return"(%floats, %flags) : (tensor<4xf32>, tensor<3xi1>) -> ()
    }, {
      %received_floats, %received_flags, %received_token = "stablehlo.recv"(%token) {
        channel_handle = #stablehlo.channel_handle<handle = 7, type = 1>,
        is_host_transfer = false
      } : (!stablehlo.token) -> (tensor<4xf32>, tensor<3xi1>, !stablehlo.token)
      "stablehlo.return"(%received_floats, %received_flags) : (tensor<4xf32>, tensor<3xi1>) -> ()
    }) : (tensor<i32>) -> (tensor<4xf32>, tensor<3xi1>)
    check.expect_eq_const %result_floats, dense<[-0.0, 0x7FC00000, 0x7F800000, 0x00000001]> : tensor<4xf32>
    check.expect_eq_const %result_flags, dense<[true, false, true]> : tensor<3xi1>
    func.return
  }
}
