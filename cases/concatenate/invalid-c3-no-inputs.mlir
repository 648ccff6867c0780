// Case: spec-invalid/concatenate/invalid-c3-no-inputs
// expect-invalid: concatenate C3
// concatenate has no input.
module {
  func.func @main() -> tensor<0xf32> {
    %0 = "stablehlo.concatenate"() {dimension = 0 : i64} : () -> tensor<0xf32>
    func.return %0 : tensor<0xf32>
  }
}
