// Case: spec/chlo.next_after/edge-f32
// next_after(x, y) is C nextafter: 1 steps up and down by one ulp, +0 towards -1 gives the
// negative smallest subnormal, the smallest subnormal towards 0 gives +0, the largest finite value
// towards +inf gives +inf, x = y gives y, NaN propagates.
module {
  func.func @main() {
    %x = stablehlo.constant dense<[1.0, 1.0, 0.0, 0x00000001, 3.4028235e+38, -0.0, 0x7FC00000]> : tensor<7xf32>
    %y = stablehlo.constant dense<[2.0, 0.0, -1.0, 0.0, 0x7F800000, 0.0, 1.0]> : tensor<7xf32>
    %result = chlo.next_after %x, %y : tensor<7xf32>, tensor<7xf32> -> tensor<7xf32>
    check.expect_eq_const %result, dense<[1.0000001, 0.99999994, 0x80000001, 0.0, 0x7F800000, 0.0, 0x7FC00000]> : tensor<7xf32>
    func.return
  }
}
