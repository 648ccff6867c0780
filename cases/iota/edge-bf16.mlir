// Case: spec/iota/edge-bf16
// iota on bf16 (all indices exactly representable).
module {
  func.func @main() {
    %output = stablehlo.iota dim = 0 : tensor<5xbf16>
    check.expect_eq_const %output, dense<[0.0, 1.0, 2.0, 3.0, 4.0]> : tensor<5xbf16>
    func.return
  }
}
