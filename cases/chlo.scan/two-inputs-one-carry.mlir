// Case: spec/chlo.scan/two-inputs-one-carry
// scan of two inputs with one carry: the running sum of a[i] * b[i] (outputs) and the
// total (carry); the body takes both inputs' slices, then the carry.
module {
  func.func @main() {
    %a = stablehlo.constant dense<[1, -2, 3, 4]> : tensor<4xi64>
    %b = stablehlo.constant dense<[5, 6, -7, 8]> : tensor<4xi64>
    %init = stablehlo.constant dense<0> : tensor<i64>
    %output, %carry = chlo.scan(%a, %b) inits(%init) dimension=0 {
      ^bb0(%x: tensor<i64>, %y: tensor<i64>, %c: tensor<i64>):
        %p = stablehlo.multiply %x, %y : tensor<i64>
        %s = stablehlo.add %c, %p : tensor<i64>
        stablehlo.return %s, %s : tensor<i64>, tensor<i64>
    } : (tensor<4xi64>, tensor<4xi64>, tensor<i64>) -> (tensor<4xi64>, tensor<i64>)
    check.expect_eq_const %output, dense<[5, -7, -28, 4]> : tensor<4xi64>
    check.expect_eq_const %carry, dense<4> : tensor<i64>
    func.return
  }
}
