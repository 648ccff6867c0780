// Case: spec/cholesky/edge-complex-upper
// The upper factor of the same complex<f64> matrix: [[2, 1-i], [0, 3]].
// Only the upper triangle is checked (the other one is implementation-defined):
// a select with a triangle mask sets it to zero before the check.
module {
  func.func @main() {
    %a = stablehlo.constant dense<[[(4.0, 0.0), (2.0, -2.0)], [(2.0, 2.0), (11.0, 0.0)]]> : tensor<2x2xcomplex<f64>>
    %result = "stablehlo.cholesky"(%a) {
      lower = false
    } : (tensor<2x2xcomplex<f64>>) -> tensor<2x2xcomplex<f64>>
    %mask = stablehlo.constant dense<[[true, true], [false, true]]> : tensor<2x2xi1>
    %zero = stablehlo.constant dense<[[(0.0, 0.0), (0.0, 0.0)], [(0.0, 0.0), (0.0, 0.0)]]> : tensor<2x2xcomplex<f64>>
    %masked = "stablehlo.select"(%mask, %result, %zero) : (tensor<2x2xi1>, tensor<2x2xcomplex<f64>>, tensor<2x2xcomplex<f64>>) -> tensor<2x2xcomplex<f64>>
    check.expect_eq_const %masked, dense<[[(2.0, 0.0), (1.0, -1.0)], [(0.0, 0.0), (3.0, 0.0)]]> : tensor<2x2xcomplex<f64>>
    func.return
  }
}
