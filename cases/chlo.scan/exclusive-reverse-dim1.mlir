// Case: spec/chlo.scan/exclusive-reverse-dim1
// scan with is_reverse along dimension 1, the output being the carry before each step (an
// exclusive suffix sum): output[i][j] = sum(input[i][j+1:]); the carries are the row sums.
module {
  func.func @main() {
    %input = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
    %init = stablehlo.constant dense<[0, 0]> : tensor<2xi32>
    %output, %carry = chlo.scan(%input) inits(%init) dimension=1 attributes {is_reverse = true} {
      ^bb0(%x: tensor<2xi32>, %c: tensor<2xi32>):
        %s = stablehlo.add %c, %x : tensor<2xi32>
        stablehlo.return %c, %s : tensor<2xi32>, tensor<2xi32>
    } : (tensor<2x3xi32>, tensor<2xi32>) -> (tensor<2x3xi32>, tensor<2xi32>)
    check.expect_eq_const %output, dense<[[5, 3, 0], [11, 6, 0]]> : tensor<2x3xi32>
    check.expect_eq_const %carry, dense<[6, 15]> : tensor<2xi32>
    func.return
  }
}
