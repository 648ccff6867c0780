// Case: spec/dynamic_iota/edge-rank1-ui8
// A rank-1 ui8 iota with an si32 output_shape.
module {
  func.func @main() {
    %output_shape = stablehlo.constant dense<[5]> : tensor<1xi32>
    %result = "stablehlo.dynamic_iota"(%output_shape) {
      iota_dimension = 0 : i64
    } : (tensor<1xi32>) -> tensor<5xui8>
    check.expect_eq_const %result, dense<[0, 1, 2, 3, 4]> : tensor<5xui8>
    func.return
  }
}
