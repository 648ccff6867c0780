// Case: spec-invalid/compare/invalid-c3-signed-on-float
// expect-invalid: compare C3
// compare_type SIGNED on f32 operands (FLOAT or TOTALORDER fit).
module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> tensor<2xi1> {
    %0 = "stablehlo.compare"(%arg0, %arg1) {comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type SIGNED>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
    func.return %0 : tensor<2xi1>
  }
}
