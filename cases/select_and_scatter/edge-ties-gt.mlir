// Case: spec/select_and_scatter/edge-ties-gt
// Ties with GT: select(a, b) = a > b is false on ties, so b wins and any reduction tree over the window
// (in order) selects the last maximum.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[2, 2, 7, 7]> : tensor<4xi32>
    %source = stablehlo.constant dense<[10, 20]> : tensor<2xi32>
    %init_value = stablehlo.constant dense<0> : tensor<i32>
    %result = "stablehlo.select_and_scatter"(%operand, %source, %init_value) ({
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
        %0 = "stablehlo.compare"(%arg0, %arg1) {
          comparison_direction = #stablehlo<comparison_direction GT>
        } : (tensor<i32>, tensor<i32>) -> tensor<i1>
        "stablehlo.return"(%0) : (tensor<i1>) -> ()
    }, {
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
        "stablehlo.return"(%0) : (tensor<i32>) -> ()
    }) {
      window_dimensions = array<i64: 2>,
      window_strides = array<i64: 2>,
      padding = dense<[[0, 0]]> : tensor<1x2xi64>
    } : (tensor<4xi32>, tensor<2xi32>, tensor<i32>) -> tensor<4xi32>
    check.expect_eq_const %result, dense<[0, 10, 0, 20]> : tensor<4xi32>
    func.return
  }
}
