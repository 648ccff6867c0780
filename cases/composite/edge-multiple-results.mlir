// Case: spec/composite/edge-multiple-results
// Composite with two results whose decomposition computes sum and difference.
module {
  func.func private @sum_diff(%x: tensor<2xi32>, %y: tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>) {
    %0 = stablehlo.add %x, %y : tensor<2xi32>
    %1 = stablehlo.subtract %x, %y : tensor<2xi32>
    func.return %0, %1 : tensor<2xi32>, tensor<2xi32>
  }

  func.func @main() {
    %a = stablehlo.constant dense<[5, -3]> : tensor<2xi32>
    %b = stablehlo.constant dense<[2, 4]> : tensor<2xi32>
    %s, %d = "stablehlo.composite"(%a, %b) {
      name = "test.sum_diff",
      decomposition = @sum_diff
    } : (tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>)
    check.expect_eq_const %s, dense<[7, 1]> : tensor<2xi32>
    check.expect_eq_const %d, dense<[3, -7]> : tensor<2xi32>
    func.return
  }
}
