// Case: spec-invalid/iota/invalid-c1-dimension
// expect-invalid: iota C1
// iota_dimension 1 is out of range for a rank-1 output.
module {
  func.func @main() -> tensor<4xf32> {
    %0 = "stablehlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<4xf32>
    func.return %0 : tensor<4xf32>
  }
}
