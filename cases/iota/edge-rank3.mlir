// Case: spec/iota/edge-rank3
// iota along the last dimension of a rank-3 tensor (ui64).
module {
  func.func @main() {
    %output = stablehlo.iota dim = 2 : tensor<2x3x2xui64>
    check.expect_eq_const %output, dense<[[[0, 1], [0, 1], [0, 1]], [[0, 1], [0, 1], [0, 1]]]> : tensor<2x3x2xui64>
    func.return
  }
}
