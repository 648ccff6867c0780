// Case: spec/select/edge-bool
// select on boolean tensors.
module {
  func.func @main() {
    %pred = stablehlo.constant dense<[true, false]> : tensor<2xi1>
    %on_true = stablehlo.constant dense<[true, true]> : tensor<2xi1>
    %on_false = stablehlo.constant dense<[false, false]> : tensor<2xi1>
    %result = stablehlo.select %pred, %on_true, %on_false : tensor<2xi1>, tensor<2xi1>
    check.expect_eq_const %result, dense<[true, false]> : tensor<2xi1>
    func.return
  }
}
