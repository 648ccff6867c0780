// Case: spec/concatenate/edge-rank3-last
// Along the last dimension of rank-3 inputs (2x2x1 + 2x2x2).
module {
  func.func @main() {
    %input0 = stablehlo.constant dense<[[[-128], [-1]], [[0], [1]]]> : tensor<2x2x1xi8>
    %input1 = stablehlo.constant dense<[[[2, 3], [4, 5]], [[6, 7], [8, 127]]]> : tensor<2x2x2xi8>
    %result = "stablehlo.concatenate"(%input0, %input1) {
      dimension = 2 : i64
    } : (tensor<2x2x1xi8>, tensor<2x2x2xi8>) -> tensor<2x2x3xi8>
    check.expect_eq_const %result, dense<[[[-128, 2, 3], [-1, 4, 5]], [[0, 6, 7], [1, 8, 127]]]> : tensor<2x2x3xi8>
    func.return
  }
}
