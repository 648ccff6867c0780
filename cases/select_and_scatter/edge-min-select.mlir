// Case: spec/select_and_scatter/edge-min-select
// LE select picks the minimum of each window (si64, windows of 2 with stride 1).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[4, 1, 3, 0, 2]> : tensor<5xi64>
    %source = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi64>
    %init_value = stablehlo.constant dense<0> : tensor<i64>
    %result = "stablehlo.select_and_scatter"(%operand, %source, %init_value) ({
      ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
        %0 = "stablehlo.compare"(%arg0, %arg1) {
          comparison_direction = #stablehlo<comparison_direction LE>
        } : (tensor<i64>, tensor<i64>) -> tensor<i1>
        "stablehlo.return"(%0) : (tensor<i1>) -> ()
    }, {
      ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
        "stablehlo.return"(%0) : (tensor<i64>) -> ()
    }) {
      window_dimensions = array<i64: 2>,
      window_strides = array<i64: 1>,
      padding = dense<[[0, 0]]> : tensor<1x2xi64>
    } : (tensor<5xi64>, tensor<4xi64>, tensor<i64>) -> tensor<5xi64>
    check.expect_eq_const %result, dense<[0, 3, 0, 7, 0]> : tensor<5xi64>
    func.return
  }
}
