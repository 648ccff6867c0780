// Case: spec/reduce/edge-max-unsigned
// ui8 maximum with init 0.
module {
  func.func @main() {
    %input = stablehlo.constant dense<[[3, 255], [128, 0]]> : tensor<2x2xui8>
    %init_value = stablehlo.constant dense<0> : tensor<ui8>
    %result = "stablehlo.reduce"(%input, %init_value) ({
      ^bb0(%arg0: tensor<ui8>, %arg1: tensor<ui8>):
        %0 = "stablehlo.maximum"(%arg0, %arg1) : (tensor<ui8>, tensor<ui8>) -> tensor<ui8>
        "stablehlo.return"(%0) : (tensor<ui8>) -> ()
    }) {
      dimensions = array<i64: 0>
    } : (tensor<2x2xui8>, tensor<ui8>) -> tensor<2xui8>
    check.expect_eq_const %result, dense<[128, 255]> : tensor<2xui8>
    func.return
  }
}
