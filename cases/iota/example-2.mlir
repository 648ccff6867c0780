// Case: spec/iota/example-2
// From the spec's second `iota` example (4x5xi32, iota_dimension = 1).
module {
  func.func @main() {
    %output = "stablehlo.iota"() {
      iota_dimension = 1 : i64
    } : () -> tensor<4x5xi32>
    check.expect_eq_const %output, dense<[[0, 1, 2, 3, 4], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4]]> : tensor<4x5xi32>
    func.return
  }
}
