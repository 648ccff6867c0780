// Case: spec/iota/example-1
// From the spec's first `iota` example (4x5xi32, iota_dimension = 0).
module {
  func.func @main() {
    %output = "stablehlo.iota"() {
      iota_dimension = 0 : i64
    } : () -> tensor<4x5xi32>
    check.expect_eq_const %output, dense<[[0, 0, 0, 0, 0], [1, 1, 1, 1, 1], [2, 2, 2, 2, 2], [3, 3, 3, 3, 3]]> : tensor<4x5xi32>
    func.return
  }
}
