// Case: spec/compare/edge-complex-default-type
// Without compare_type, complex operands compare with FLOAT (the only type C3 allows).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[(1.0, 2.0), (1.0, 2.0)]> : tensor<2xcomplex<f32>>
    %rhs = stablehlo.constant dense<[(1.0, 3.0), (0.0, 100.0)]> : tensor<2xcomplex<f32>>
    %r0 = stablehlo.compare LT, %lhs, %rhs : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xi1>
    check.expect_eq_const %r0, dense<[true, false]> : tensor<2xi1>
    %r1 = stablehlo.compare GE, %lhs, %rhs : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xi1>
    check.expect_eq_const %r1, dense<[false, true]> : tensor<2xi1>
    func.return
  }
}
