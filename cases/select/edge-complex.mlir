// Case: spec/select/edge-complex
// select on complex tensors.
module {
  func.func @main() {
    %pred = stablehlo.constant dense<[false, true]> : tensor<2xi1>
    %on_true = stablehlo.constant dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f32>>
    %on_false = stablehlo.constant dense<[(5.0, 6.0), (7.0, 8.0)]> : tensor<2xcomplex<f32>>
    %result = stablehlo.select %pred, %on_true, %on_false : tensor<2xi1>, tensor<2xcomplex<f32>>
    check.expect_eq_const %result, dense<[(5.0, 6.0), (3.0, 4.0)]> : tensor<2xcomplex<f32>>
    func.return
  }
}
