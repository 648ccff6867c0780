// Case: spec/map/edge-type-change
// map whose body changes the element type (f32 compare -> i1).
module {
  func.func @main() {
    %a = stablehlo.constant dense<[1.0, 0x7FC00000, -0.0]> : tensor<3xf32>
    %b = stablehlo.constant dense<[2.0, 1.0, 0.0]> : tensor<3xf32>
    %result = "stablehlo.map"(%a, %b) ({
      ^bb0(%x: tensor<f32>, %y: tensor<f32>):
        %0 = stablehlo.compare LT, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
        stablehlo.return %0 : tensor<i1>
    }) {
      dimensions = array<i64: 0>
    } : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
    check.expect_eq_const %result, dense<[true, false, false]> : tensor<3xi1>
    func.return
  }
}
