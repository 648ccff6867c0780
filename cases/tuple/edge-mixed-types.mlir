// Case: spec/tuple/edge-mixed-types
// A tuple of a token, a complex tensor and a boolean tensor; elements read back unchanged.
module {
  func.func @main() {
    %t = stablehlo.after_all : !stablehlo.token
    %c = stablehlo.constant dense<[(1.0, -0.0)]> : tensor<1xcomplex<f32>>
    %b = stablehlo.constant dense<[true, false]> : tensor<2xi1>
    %tup = stablehlo.tuple %t, %c, %b : tuple<!stablehlo.token, tensor<1xcomplex<f32>>, tensor<2xi1>>
    %e1 = stablehlo.get_tuple_element %tup[1] : (tuple<!stablehlo.token, tensor<1xcomplex<f32>>, tensor<2xi1>>) -> tensor<1xcomplex<f32>>
    %e2 = stablehlo.get_tuple_element %tup[2] : (tuple<!stablehlo.token, tensor<1xcomplex<f32>>, tensor<2xi1>>) -> tensor<2xi1>
    check.expect_eq_const %e1, dense<[(1.0, -0.0)]> : tensor<1xcomplex<f32>>
    check.expect_eq_const %e2, dense<[true, false]> : tensor<2xi1>
    func.return
  }
}
