// Case: spec/chlo.broadcast_zeta/edge-f64
// broadcast_zeta: the scalar x = 2 against q = 1, 2, 0.5 (pi^2/6, pi^2/6 - 1, pi^2/2), correctly rounded.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<2.0> : tensor<f64>
    %rhs = stablehlo.constant dense<[1.0, 2.0, 0.5]> : tensor<3xf64>
    %result = chlo.broadcast_zeta %lhs, %rhs : (tensor<f64>, tensor<3xf64>) -> tensor<3xf64>
    check.expect_eq_const %result, dense<[1.6449340668482264, 0.6449340668482264, 4.934802200544679]> : tensor<3xf64>
    func.return
  }
}
