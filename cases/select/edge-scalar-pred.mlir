// Case: spec/select/edge-scalar-pred
// Spec: a rank-0 pred selects the whole on_true (true) tensor.
module {
  func.func @main() {
    %pred = stablehlo.constant dense<true> : tensor<i1>
    %on_true = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
    %on_false = stablehlo.constant dense<[3.0, 4.0]> : tensor<2xf32>
    %result = stablehlo.select %pred, %on_true, %on_false : tensor<i1>, tensor<2xf32>
    check.expect_eq_const %result, dense<[1.0, 2.0]> : tensor<2xf32>
    func.return
  }
}
