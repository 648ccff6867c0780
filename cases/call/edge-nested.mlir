// Case: spec/call/edge-nested
// A called function that itself calls another function.
module {
  func.func @double(%x: tensor<2xi32>) -> tensor<2xi32> {
    %0 = stablehlo.add %x, %x : tensor<2xi32>
    func.return %0 : tensor<2xi32>
  }

  func.func @outer(%x: tensor<2xi32>) -> tensor<2xi32> {
    %0 = func.call @double(%x) : (tensor<2xi32>) -> tensor<2xi32>
    %1 = func.call @double(%0) : (tensor<2xi32>) -> tensor<2xi32>
    func.return %1 : tensor<2xi32>
  }

  func.func @main() {
    %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
    %1 = func.call @outer(%0) : (tensor<2xi32>) -> tensor<2xi32>
    check.expect_eq_const %1, dense<[4, 8]> : tensor<2xi32>
    func.return
  }
}
