// Case: spec/remainder/edge-float
// Float remainder is fmod: lhs - trunc(lhs/rhs)*rhs, sign of the dividend.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[5.5, -5.5, 5.5, -5.5]> : tensor<4xf32>
    %rhs = stablehlo.constant dense<[2.0, 2.0, -2.0, -2.0]> : tensor<4xf32>
    %result = stablehlo.remainder %lhs, %rhs : tensor<4xf32>
    check.expect_eq_const %result, dense<[1.5, -1.5, 1.5, -1.5]> : tensor<4xf32>
    func.return
  }
}
