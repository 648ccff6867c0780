// Case: spec/constant/edge-splat
// A splat constant fills every element.
module {
  func.func @main() {
    %c = stablehlo.constant dense<1.5> : tensor<2x3xf32>
    check.expect_eq_const %c, dense<[[1.5, 1.5, 1.5], [1.5, 1.5, 1.5]]> : tensor<2x3xf32>
    func.return
  }
}
