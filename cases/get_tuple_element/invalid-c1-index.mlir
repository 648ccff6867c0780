// Case: spec-invalid/get_tuple_element/invalid-c1-index
// expect-invalid: get_tuple_element C1
// index 2 is out of range for a tuple of 2.
module {
  func.func @main(%arg0: tuple<tensor<f32>, tensor<f32>>) -> tensor<f32> {
    %0 = "stablehlo.get_tuple_element"(%arg0) {index = 2 : i32} : (tuple<tensor<f32>, tensor<f32>>) -> tensor<f32>
    func.return %0 : tensor<f32>
  }
}
