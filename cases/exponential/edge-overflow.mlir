// Case: spec/exponential/edge-overflow
// f32 overflow boundary: exp(88.0) and exp(88.72283) are finite, exp(88.72284) and exp(89.0) overflow to +inf.
// Exact values (mpmath) 1.65163625499400185553e+38, 3.40279853741184865674e+38, 3.40282449880343565577e+38, 4.48961281917434524628e+38, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[88.0, 88.72283, 88.72284, 89.0]> : tensor<4xf32>
    %result = stablehlo.exponential %operand : tensor<4xf32>
    check.expect_eq_const %result, dense<[1.6516363e+38, 3.4027985e+38, 0x7F800000, 0x7F800000]> : tensor<4xf32>
    func.return
  }
}
