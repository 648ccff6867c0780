// Case: spec/outfeed/edge-every-process
// Each process of a 2x2 grid writes its own value (si32) to the outfeed. The case passes when
// it runs.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 2 : i32} {
  func.func @main() {
    %replica = "stablehlo.replica_id"() : () -> tensor<ui32>
    %partition = "stablehlo.partition_id"() : () -> tensor<ui32>
    %num_partitions = stablehlo.constant dense<2> : tensor<ui32>
    %replica_base = stablehlo.multiply %replica, %num_partitions : tensor<ui32>
    %process = stablehlo.add %replica_base, %partition : tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %input_table = stablehlo.constant dense<[[0, 0], [1, -1], [2, -2], [3, -3]]> : tensor<4x2xi32>
    %input_row = "stablehlo.dynamic_slice"(%input_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<4x2xi32>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xi32>
    %input = stablehlo.reshape %input_row : (tensor<1x2xi32>) -> tensor<2xi32>
    %token = stablehlo.after_all : !stablehlo.token
    %result = "stablehlo.outfeed"(%input, %token) {
      outfeed_config = ""
    } : (tensor<2xi32>, !stablehlo.token) -> !stablehlo.token
    func.return
  }
}
