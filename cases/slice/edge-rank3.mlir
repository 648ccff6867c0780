// Case: spec/slice/edge-rank3
// A rank-3 slice with mixed strides.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12, 13, 14, 15], [16, 17, 18, 19, 20]], [[21, 22, 23, 24, 25], [26, 27, 28, 29, 30], [31, 32, 33, 34, 35], [36, 37, 38, 39, 40]], [[41, 42, 43, 44, 45], [46, 47, 48, 49, 50], [51, 52, 53, 54, 55], [56, 57, 58, 59, 60]]]> : tensor<3x4x5xi16>
    %result = "stablehlo.slice"(%operand) {
      start_indices = array<i64: 1, 0, 1>,
      limit_indices = array<i64: 3, 4, 5>,
      strides = array<i64: 1, 2, 2>
    } : (tensor<3x4x5xi16>) -> tensor<2x2x2xi16>
    check.expect_eq_const %result, dense<[[[22, 24], [32, 34]], [[42, 44], [52, 54]]]> : tensor<2x2x2xi16>
    func.return
  }
}
