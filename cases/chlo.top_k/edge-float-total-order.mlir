// Case: spec/chlo.top_k/edge-float-total-order
// top_k of floats orders by IEEE totalOrder, as the stablehlo.sort comparator of the
// upstream decomposition does (docs/design/chlo.md): NaN > +inf > 1 > +0 > -0 > -inf.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-0.0, 0.0, 0x7FC00000, 0xFF800000, 1.0, 0x7F800000]> : tensor<6xf32>
    %values, %indices = chlo.top_k(%operand, k = 6) {is_stable = true} : tensor<6xf32> -> (tensor<6xf32>, tensor<6xi32>)
    check.expect_eq_const %values, dense<[0x7FC00000, 0x7F800000, 1.0, 0.0, -0.0, 0xFF800000]> : tensor<6xf32>
    check.expect_eq_const %indices, dense<[2, 5, 4, 1, 0, 3]> : tensor<6xi32>
    func.return
  }
}
