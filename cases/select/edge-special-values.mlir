// Case: spec/select/edge-special-values
// select passes values through bit-exactly: -0.0, inf, NaN, subnormals.
module {
  func.func @main() {
    %pred = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
    %on_true = stablehlo.constant dense<[-0.0, 1.0, 0x7FC00000, 1.0]> : tensor<4xf32>
    %on_false = stablehlo.constant dense<[0.0, 0x7F800000, 0.0, 0x00000001]> : tensor<4xf32>
    %result = stablehlo.select %pred, %on_true, %on_false : tensor<4xi1>, tensor<4xf32>
    check.expect_eq_const %result, dense<[-0.0, 0x7F800000, 0x7FC00000, 0x00000001]> : tensor<4xf32>
    func.return
  }
}
