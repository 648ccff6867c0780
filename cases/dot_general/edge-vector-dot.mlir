// Case: spec/dot_general/edge-vector-dot
// A vector dot product to a rank-0 result (f64, exact).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0.5, -2.0, 3.0]> : tensor<3xf64>
    %rhs = stablehlo.constant dense<[4.0, 0.25, 10000000000.0]> : tensor<3xf64>
    %result = "stablehlo.dot_general"(%lhs, %rhs) {
      dot_dimension_numbers = #stablehlo.dot<
        lhs_batching_dimensions = [],
        rhs_batching_dimensions = [],
        lhs_contracting_dimensions = [0],
        rhs_contracting_dimensions = [0]
      >
    } : (tensor<3xf64>, tensor<3xf64>) -> tensor<f64>
    check.expect_eq_const %result, dense<30000000001.5> : tensor<f64>
    func.return
  }
}
