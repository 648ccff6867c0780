// Case: spec/constant/edge-scalar
// A rank-0 constant.
module {
  func.func @main() {
    %c = stablehlo.constant dense<42> : tensor<i32>
    check.expect_eq_const %c, dense<42> : tensor<i32>
    func.return
  }
}
