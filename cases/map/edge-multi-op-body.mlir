// Case: spec/map/edge-multi-op-body
// map body with several ops: x*x + y on si32 with wrap-around (65536^2 + 1 = 1).
module {
  func.func @main() {
    %a = stablehlo.constant dense<[3, 65536]> : tensor<2xi32>
    %b = stablehlo.constant dense<[4, 1]> : tensor<2xi32>
    %result = "stablehlo.map"(%a, %b) ({
      ^bb0(%x: tensor<i32>, %y: tensor<i32>):
        %0 = stablehlo.multiply %x, %x : tensor<i32>
        %1 = stablehlo.add %0, %y : tensor<i32>
        stablehlo.return %1 : tensor<i32>
    }) {
      dimensions = array<i64: 0>
    } : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
    check.expect_eq_const %result, dense<[13, 1]> : tensor<2xi32>
    func.return
  }
}
