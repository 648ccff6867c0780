// Case: spec/all_reduce/edge-in-while
// all_reduce (si64 add over 2 replicas) in the body of a while loop that runs 3 times: each
// iteration doubles the sum, [1, 2] + [3, 4] -> [4, 6] -> [8, 12] -> [16, 24] in both processes.
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() {
    %process = "stablehlo.replica_id"() : () -> tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %operand_table = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
    %operand_row = "stablehlo.dynamic_slice"(%operand_table, %process, %zero) {
      slice_sizes = array<i64: 1, 2>
    } : (tensor<2x2xi64>, tensor<ui32>, tensor<ui32>) -> tensor<1x2xi64>
    %operand = stablehlo.reshape %operand_row : (tensor<1x2xi64>) -> tensor<2xi64>
    %zero_count = stablehlo.constant dense<0> : tensor<i32>
    %result, %count = stablehlo.while(%x = %operand, %i = %zero_count) : tensor<2xi64>, tensor<i32>
    cond {
      %three = stablehlo.constant dense<3> : tensor<i32>
      %more = stablehlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %more : tensor<i1>
    } do {
      %sum = "stablehlo.all_reduce"(%x) ({
        ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
          %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
          "stablehlo.return"(%0) : (tensor<i64>) -> ()
      }) {
        replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
      } : (tensor<2xi64>) -> tensor<2xi64>
      %one = stablehlo.constant dense<1> : tensor<i32>
      %next = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %sum, %next : tensor<2xi64>, tensor<i32>
    }
    check.expect_eq_const %result, dense<[16, 24]> : tensor<2xi64>
    func.return
  }
}
