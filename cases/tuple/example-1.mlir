// Case: spec/tuple/example-1
// From the spec's `tuple` example: ([1.0, 2.0], (3)); the elements are read back with
// get_tuple_element to check them.
module {
  func.func @main() {
    %val0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
    %tmp = stablehlo.constant dense<3> : tensor<i32>
    %val1 = stablehlo.tuple %tmp : tuple<tensor<i32>>
    %result = "stablehlo.tuple"(%val0, %val1) : (tensor<2xf32>, tuple<tensor<i32>>) -> tuple<tensor<2xf32>, tuple<tensor<i32>>>
    %e0 = stablehlo.get_tuple_element %result[0] : (tuple<tensor<2xf32>, tuple<tensor<i32>>>) -> tensor<2xf32>
    %e1 = stablehlo.get_tuple_element %result[1] : (tuple<tensor<2xf32>, tuple<tensor<i32>>>) -> tuple<tensor<i32>>
    %e10 = stablehlo.get_tuple_element %e1[0] : (tuple<tensor<i32>>) -> tensor<i32>
    check.expect_eq_const %e0, dense<[1.0, 2.0]> : tensor<2xf32>
    check.expect_eq_const %e10, dense<3> : tensor<i32>
    func.return
  }
}
