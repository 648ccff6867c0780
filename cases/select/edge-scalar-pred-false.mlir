// Case: spec/select/edge-scalar-pred-false
// Spec: a rank-0 pred selects the whole on_false (false) tensor.
module {
  func.func @main() {
    %pred = stablehlo.constant dense<false> : tensor<i1>
    %on_true = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
    %on_false = stablehlo.constant dense<[3, 4]> : tensor<2xi64>
    %result = stablehlo.select %pred, %on_true, %on_false : tensor<i1>, tensor<2xi64>
    check.expect_eq_const %result, dense<[3, 4]> : tensor<2xi64>
    func.return
  }
}
