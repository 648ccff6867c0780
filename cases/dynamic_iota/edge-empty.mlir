// Case: spec/dynamic_iota/edge-empty
// A zero-sized result dimension gives an empty result.
module {
  func.func @main() {
    %output_shape = stablehlo.constant dense<[0, 3]> : tensor<2xi64>
    %result = "stablehlo.dynamic_iota"(%output_shape) {
      iota_dimension = 1 : i64
    } : (tensor<2xi64>) -> tensor<0x3xi32>
    check.expect_eq_const %result, dense<> : tensor<0x3xi32>
    func.return
  }
}
