// Case: spec/chlo.broadcast_polygamma/edge-f64
// broadcast_polygamma: orders 1 and 2 (a column) at x = 1, 2.5 (a row), correctly rounded.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[[1.0], [2.0]]> : tensor<2x1xf64>
    %rhs = stablehlo.constant dense<[1.0, 2.5]> : tensor<2xf64>
    %result = chlo.broadcast_polygamma %lhs, %rhs : (tensor<2x1xf64>, tensor<2xf64>) -> tensor<2x2xf64>
    check.expect_eq_const %result, dense<[[1.6449340668482264, 0.49035775610023485], [-2.4041138063191885, -0.2362040516417274]]> : tensor<2x2xf64>
    func.return
  }
}
