// Case: spec/reduce_window/edge-stride-skip
// A stride larger than the window skips elements (window 1, stride 3).
module {
  func.func @main() {
    %input = stablehlo.constant dense<[1, 2, 3, 4, 5, 6, 7]> : tensor<7xui8>
    %init_value = stablehlo.constant dense<0> : tensor<ui8>
    %result = "stablehlo.reduce_window"(%input, %init_value) ({
      ^bb0(%arg0: tensor<ui8>, %arg1: tensor<ui8>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<ui8>, tensor<ui8>) -> tensor<ui8>
        "stablehlo.return"(%0) : (tensor<ui8>) -> ()
    }) {
      window_dimensions = array<i64: 1>,
      window_strides = array<i64: 3>
    } : (tensor<7xui8>, tensor<ui8>) -> tensor<3xui8>
    check.expect_eq_const %result, dense<[1, 4, 7]> : tensor<3xui8>
    func.return
  }
}
