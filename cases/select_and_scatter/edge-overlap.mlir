// Case: spec/select_and_scatter/edge-overlap
// Overlapping windows (window 3, stride 1): the element 5 is selected by two windows and receives the sum
// of both source values (si32 add).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1, 3, 2, 5, 4]> : tensor<5xi32>
    %source = stablehlo.constant dense<[10, 20, 30]> : tensor<3xi32>
    %init_value = stablehlo.constant dense<0> : tensor<i32>
    %result = "stablehlo.select_and_scatter"(%operand, %source, %init_value) ({
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
        %0 = "stablehlo.compare"(%arg0, %arg1) {
          comparison_direction = #stablehlo<comparison_direction GE>
        } : (tensor<i32>, tensor<i32>) -> tensor<i1>
        "stablehlo.return"(%0) : (tensor<i1>) -> ()
    }, {
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
        "stablehlo.return"(%0) : (tensor<i32>) -> ()
    }) {
      window_dimensions = array<i64: 3>,
      window_strides = array<i64: 1>,
      padding = dense<[[0, 0]]> : tensor<1x2xi64>
    } : (tensor<5xi32>, tensor<3xi32>, tensor<i32>) -> tensor<5xi32>
    check.expect_eq_const %result, dense<[0, 10, 0, 50, 0]> : tensor<5xi32>
    func.return
  }
}
