// Case: spec/concatenate/example-1
// From the spec's `concatenate` example (si64, 3x2 and 1x2 along dimension 0).
module {
  func.func @main() {
    %input0 = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>
    %input1 = stablehlo.constant dense<[[7, 8]]> : tensor<1x2xi64>
    %result = "stablehlo.concatenate"(%input0, %input1) {
      dimension = 0 : i64
    } : (tensor<3x2xi64>, tensor<1x2xi64>) -> tensor<4x2xi64>
    check.expect_eq_const %result, dense<[[1, 2], [3, 4], [5, 6], [7, 8]]> : tensor<4x2xi64>
    func.return
  }
}
