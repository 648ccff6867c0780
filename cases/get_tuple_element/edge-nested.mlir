// Case: spec/get_tuple_element/edge-nested
// get_tuple_element of a nested tuple: element 1 is itself a tuple, whose element 0 is 3.
module {
  func.func @main() {
    %val0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
    %tmp = stablehlo.constant dense<3> : tensor<i32>
    %val1 = stablehlo.tuple %tmp : tuple<tensor<i32>>
    %operand = stablehlo.tuple %val0, %val1 : tuple<tensor<2xf32>, tuple<tensor<i32>>>
    %inner = stablehlo.get_tuple_element %operand[1] : (tuple<tensor<2xf32>, tuple<tensor<i32>>>) -> tuple<tensor<i32>>
    %result = stablehlo.get_tuple_element %inner[0] : (tuple<tensor<i32>>) -> tensor<i32>
    check.expect_eq_const %result, dense<3> : tensor<i32>
    func.return
  }
}
