// Case: spec/get_tuple_element/edge-last-index
// get_tuple_element of the last element of a 3-tuple (f64 special values kept bit-exactly).
module {
  func.func @main() {
    %a = stablehlo.constant dense<1> : tensor<i8>
    %b = stablehlo.constant dense<2> : tensor<i16>
    %c = stablehlo.constant dense<[-0.0, 0xFFF0000000000000]> : tensor<2xf64>
    %tup = stablehlo.tuple %a, %b, %c : tuple<tensor<i8>, tensor<i16>, tensor<2xf64>>
    %result = stablehlo.get_tuple_element %tup[2] : (tuple<tensor<i8>, tensor<i16>, tensor<2xf64>>) -> tensor<2xf64>
    check.expect_eq_const %result, dense<[-0.0, 0xFFF0000000000000]> : tensor<2xf64>
    func.return
  }
}
