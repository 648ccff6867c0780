// Case: spec/get_tuple_element/example-1
// From the spec's `get_tuple_element` example: index 0 of ([1.0, 2.0], (3)) is [1.0, 2.0] (generic form).
module {
  func.func @main() {
    %val0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
    %tmp = stablehlo.constant dense<3> : tensor<i32>
    %val1 = stablehlo.tuple %tmp : tuple<tensor<i32>>
    %operand = stablehlo.tuple %val0, %val1 : tuple<tensor<2xf32>, tuple<tensor<i32>>>
    %result = "stablehlo.get_tuple_element"(%operand) {
      index = 0 : i32
    } : (tuple<tensor<2xf32>, tuple<tensor<i32>>>) -> tensor<2xf32>
    check.expect_eq_const %result, dense<[1.0, 2.0]> : tensor<2xf32>
    func.return
  }
}
