// Case: spec/concatenate/edge-bool
// concatenate on i1.
module {
  func.func @main() {
    %input0 = stablehlo.constant dense<[true]> : tensor<1xi1>
    %input1 = stablehlo.constant dense<[false, true]> : tensor<2xi1>
    %result = "stablehlo.concatenate"(%input0, %input1) {
      dimension = 0 : i64
    } : (tensor<1xi1>, tensor<2xi1>) -> tensor<3xi1>
    check.expect_eq_const %result, dense<[true, false, true]> : tensor<3xi1>
    func.return
  }
}
