// Case: spec/chlo.mulhi/edge-unsigned
// mulhi on ui32 and ui8: (2^32 - 1)^2 = 2^64 - 2^33 + 1 has high word 2^32 - 2;
// 255 * 255 = 65025 = 254 * 256 + 1.
module {
  func.func @main() {
    %lhs32 = stablehlo.constant dense<[4294967295, 65536]> : tensor<2xui32>
    %rhs32 = stablehlo.constant dense<[4294967295, 65536]> : tensor<2xui32>
    %result32 = chlo.mulhi %lhs32, %rhs32 : tensor<2xui32>, tensor<2xui32> -> tensor<2xui32>
    check.expect_eq_const %result32, dense<[4294967294, 1]> : tensor<2xui32>
    %lhs8 = stablehlo.constant dense<[255]> : tensor<1xui8>
    %rhs8 = stablehlo.constant dense<[255]> : tensor<1xui8>
    %result8 = chlo.mulhi %lhs8, %rhs8 : tensor<1xui8>, tensor<1xui8> -> tensor<1xui8>
    check.expect_eq_const %result8, dense<[254]> : tensor<1xui8>
    func.return
  }
}
