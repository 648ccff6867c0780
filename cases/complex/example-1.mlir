// Case: spec/complex/example-1
// From the spec's `complex` example (f64 parts).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[1.0, 3.0]> : tensor<2xf64>
    %rhs = stablehlo.constant dense<[2.0, 4.0]> : tensor<2xf64>
    %result = stablehlo.complex %lhs, %rhs : tensor<2xcomplex<f64>>
    check.expect_eq_const %result, dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f64>>
    func.return
  }
}
