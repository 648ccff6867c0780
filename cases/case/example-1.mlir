// Case: spec/case/example-1
// From the spec's `case` example: index -1 is out of range, so the last branch runs (generic form).
module {
  func.func @main() {
    %index = stablehlo.constant dense<-1> : tensor<i32>
    %result_branch0 = stablehlo.constant dense<0> : tensor<2xi64>
    %result_branch1 = stablehlo.constant dense<1> : tensor<2xi64>
    %result0, %result1 = "stablehlo.case"(%index) ({
      "stablehlo.return"(%result_branch0, %result_branch0) : (tensor<2xi64>, tensor<2xi64>) -> ()
    }, {
      "stablehlo.return"(%result_branch1, %result_branch1) : (tensor<2xi64>, tensor<2xi64>) -> ()
    }) : (tensor<i32>) -> (tensor<2xi64>, tensor<2xi64>)
    check.expect_eq_const %result0, dense<[1, 1]> : tensor<2xi64>
    check.expect_eq_const %result1, dense<[1, 1]> : tensor<2xi64>
    func.return
  }
}
