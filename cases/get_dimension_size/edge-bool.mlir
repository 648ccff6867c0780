// Case: spec/get_dimension_size/edge-bool
// get_dimension_size on i1.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[false, false, false, false, false]]> : tensor<1x5xi1>
    %result = "stablehlo.get_dimension_size"(%operand) {
      dimension = 0 : i64
    } : (tensor<1x5xi1>) -> tensor<i32>
    check.expect_eq_const %result, dense<1> : tensor<i32>
    func.return
  }
}
