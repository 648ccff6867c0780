// Case: spec/slice/edge-stride-ceil
// shape(result) = ceil((limit - start) / stride): 7 elements with stride 3 from 1 -> 2 elements (1, 4).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0, 1, 2, 3, 4, 5, 6]> : tensor<7xi32>
    %result = "stablehlo.slice"(%operand) {
      start_indices = array<i64: 1>,
      limit_indices = array<i64: 7>,
      strides = array<i64: 3>
    } : (tensor<7xi32>) -> tensor<2xi32>
    check.expect_eq_const %result, dense<[1, 4]> : tensor<2xi32>
    func.return
  }
}
