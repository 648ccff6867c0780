// Case: spec-invalid/get_tuple_element/invalid-c2-result-type
// expect-invalid: get_tuple_element C2
// Element 0 is tensor<f32>, the result tensor<f64>.
module {
  func.func @main(%arg0: tuple<tensor<f32>, tensor<f32>>) -> tensor<f64> {
    %0 = "stablehlo.get_tuple_element"(%arg0) {index = 0 : i32} : (tuple<tensor<f32>, tensor<f32>>) -> tensor<f64>
    func.return %0 : tensor<f64>
  }
}
