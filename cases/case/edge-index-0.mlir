// Case: spec/case/edge-index-0
// Spec: index 0 selects branches[0].
module {
  func.func @main() {
    %index = stablehlo.constant dense<0> : tensor<i32>
    %result0, %result1 = "stablehlo.case"(%index) ({
      %b0 = stablehlo.constant dense<0> : tensor<2xi64>
      stablehlo.return %b0, %b0 : tensor<2xi64>, tensor<2xi64>
    }, {
      %b1 = stablehlo.constant dense<1> : tensor<2xi64>
      stablehlo.return %b1, %b1 : tensor<2xi64>, tensor<2xi64>
    }) : (tensor<i32>) -> (tensor<2xi64>, tensor<2xi64>)
    check.expect_eq_const %result0, dense<[0, 0]> : tensor<2xi64>
    check.expect_eq_const %result1, dense<[0, 0]> : tensor<2xi64>
    func.return
  }
}
