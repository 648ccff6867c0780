// Case: spec/select/edge-f16
// select on f16 with signed zeros.
module {
  func.func @main() {
    %pred = stablehlo.constant dense<[true, false]> : tensor<2xi1>
    %on_true = stablehlo.constant dense<[-0.0, 0.0]> : tensor<2xf16>
    %on_false = stablehlo.constant dense<[0.0, -0.0]> : tensor<2xf16>
    %result = stablehlo.select %pred, %on_true, %on_false : tensor<2xi1>, tensor<2xf16>
    check.expect_eq_const %result, dense<[-0.0, -0.0]> : tensor<2xf16>
    func.return
  }
}
