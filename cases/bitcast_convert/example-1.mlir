// Case: spec/bitcast_convert/example-1
// From the spec's `bitcast_convert` example (f64 -> 4xf16, little-endian element order as the spec prints it;
// note the spec calls the exact bit layout implementation-defined).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<0x0123456789ABCDEF> : tensor<f64>
    %result = stablehlo.bitcast_convert %operand : (tensor<f64>) -> tensor<4xf16>
    check.expect_eq_const %result, dense<[0xCDEF, 0x89AB, 0x4567, 0x0123]> : tensor<4xf16>
    func.return
  }
}
