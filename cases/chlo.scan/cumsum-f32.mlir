// Case: spec/chlo.scan/cumsum-f32
// scan as a cumulative sum of f32: outputs[i] is carry + inputs[i], each add rounded to f32 in order
// (0.1 + 0.2 + 0.3 then + 1e8 absorbs the small part); the carry result is the last sum.
module {
  func.func @main() {
    %input = stablehlo.constant dense<[0.1, 0.2, 0.3, 1.0e8, -1.0e8]> : tensor<5xf32>
    %init = stablehlo.constant dense<0.0> : tensor<f32>
    %output, %carry = chlo.scan(%input) inits(%init) dimension=0 {
      ^bb0(%x: tensor<f32>, %c: tensor<f32>):
        %s = stablehlo.add %c, %x : tensor<f32>
        stablehlo.return %s, %s : tensor<f32>, tensor<f32>
    } : (tensor<5xf32>, tensor<f32>) -> (tensor<5xf32>, tensor<f32>)
    check.expect_eq_const %output, dense<[0.1, 0.3, 0.6, 100000000.0, 0.0]> : tensor<5xf32>
    check.expect_eq_const %carry, dense<0.0> : tensor<f32>
    func.return
  }
}
