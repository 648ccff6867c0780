// Case: spec/infeed/edge-element-types
// Three entries of bf16, complex<f64> and ui64, read in queue order.
module {
  func.func @infeed(%token: !stablehlo.token) -> (tensor<3xbf16>, tensor<complex<f64>>, tensor<2xui64>) {
    %results0:2 = "stablehlo.infeed"(%token) {
      infeed_config = ""
    } : (!stablehlo.token) -> (tensor<3xbf16>, !stablehlo.token)
    %results1:2 = "stablehlo.infeed"(%token) {
      infeed_config = ""
    } : (!stablehlo.token) -> (tensor<complex<f64>>, !stablehlo.token)
    %results2:2 = "stablehlo.infeed"(%token) {
      infeed_config = ""
    } : (!stablehlo.token) -> (tensor<2xui64>, !stablehlo.token)
    func.return %results0#0, %results1#0, %results2#0 : tensor<3xbf16>, tensor<complex<f64>>, tensor<2xui64>
  }

  func.func @infeed_queue0() -> (tensor<3xbf16>) {
    %value0 = stablehlo.constant dense<[1.0, -0.0, 0xFF80]> : tensor<3xbf16>
    func.return %value0 : tensor<3xbf16>
  }

  func.func @infeed_queue1() -> (tensor<complex<f64>>) {
    %value0 = stablehlo.constant dense<(0.5, -1.0)> : tensor<complex<f64>>
    func.return %value0 : tensor<complex<f64>>
  }

  func.func @infeed_queue2() -> (tensor<2xui64>) {
    %value0 = stablehlo.constant dense<[18446744073709551615, 0]> : tensor<2xui64>
    func.return %value0 : tensor<2xui64>
  }

  func.func @main() {
    %token = stablehlo.after_all : !stablehlo.token
    %results:3 = "interpreter.run_parallel"(%token) {
      infeed = [@infeed_queue0, @infeed_queue1, @infeed_queue2],
      programs = [[@infeed]]
    } : (!stablehlo.token) -> (tensor<3xbf16>, tensor<complex<f64>>, tensor<2xui64>)
    check.expect_eq_const %results#0, dense<[1.0, -0.0, 0xFF80]> : tensor<3xbf16>
    check.expect_eq_const %results#1, dense<(0.5, -1.0)> : tensor<complex<f64>>
    check.expect_eq_const %results#2, dense<[18446744073709551615, 0]> : tensor<2xui64>
    func.return
  }
}
