// Case: spec/atan2/edge-inf
// atan2 with infinities: (inf, inf) = pi/4, (inf, -inf) = 3pi/4, (-inf, inf) = -pi/4, (1, inf) = +0, (1, -inf) = pi, (-1, -inf) = -pi, (inf, 1) = pi/2.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0x7F800000, 0x7F800000, 0xFF800000, 1.0, 1.0, -1.0, 0x7F800000]> : tensor<7xf32>
    %rhs = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7F800000, 0x7F800000, 0xFF800000, 0xFF800000, 1.0]> : tensor<7xf32>
    %result = stablehlo.atan2 %lhs, %rhs : tensor<7xf32>
    check.expect_eq_const %result, dense<[0.7853982, 2.3561945, -0.7853982, 0.0, 3.1415927, -3.1415927, 1.5707964]> : tensor<7xf32>
    func.return
  }
}
