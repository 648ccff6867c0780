// Case: spec/send/edge-across-partitions
// Partition 0 sends to partition 1 of a 1x2 grid (channel 2, complex<f32>).
module attributes {mhlo.num_replicas = 1 : i32, mhlo.num_partitions = 2 : i32} {
  func.func @main() {
    %process = "stablehlo.partition_id"() : () -> tensor<ui32>
    %branch = stablehlo.convert %process : (tensor<ui32>) -> tensor<i32>
    %token = stablehlo.after_all : !stablehlo.token
    %operand = stablehlo.constant dense<[(1.5, -2.0), (-0.0, 0.25)]> : tensor<2xcomplex<f32>>
    %result = "stablehlo.case"(%branch) ({
      %sent = "stablehlo.send"(%operand, %token) {
        channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>,
        is_host_transfer = false
      } : (tensor<2xcomplex<f32>>, !stablehlo.token) -> !stablehlo.token
      "stablehlo.return"(%operand) : (tensor<2xcomplex<f32>>) -> ()
    }, {
      %received, %received_token = "stablehlo.recv"(%token) {
        channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>,
        is_host_transfer = false
      } : (!stablehlo.token) -> (tensor<2xcomplex<f32>>, !stablehlo.token)
      "stablehlo.return"(%received) : (tensor<2xcomplex<f32>>) -> ()
    }) : (tensor<i32>) -> tensor<2xcomplex<f32>>
    check.expect_eq_const %result, dense<[(1.5, -2.0), (-0.0, 0.25)]> : tensor<2xcomplex<f32>>
    func.return
  }
}
