// Case: spec/infeed/edge-multiple-values
// One entry with two payload values (f32 with -0.0, NaN, inf and a subnormal; i1): one infeed op
// with two payload results reads both, bit-exactly.
module {
  func.func @infeed(%token: !stablehlo.token) -> (tensor<4xf32>, tensor<3xi1>) {
    %results0:3 = "stablehlo.infeed"(%token) {
      infeed_config = ""
    } : (!stablehlo.token) -> (tensor<4xf32>, tensor<3xi1>, !stablehlo.token)
    func.return %results0#0, %results0#1 : tensor<4xf32>, tensor<3xi1>
  }

  func.func @infeed_queue0() -> (tensor<4xf32>, tensor<3xi1>) {
    %value0 = stablehlo.constant dense<[-0.0, 0x7FC00000, 0x7F800000, 0x00000001]> : tensor<4xf32>
    %value1 = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>
    func.return %value0, %value1 : tensor<4xf32>, tensor<3xi1>
  }

  func.func @main() {
    %token = stablehlo.after_all : !stablehlo.token
    %results:2 = "interpreter.run_parallel"(%token) {
      infeed = [@infeed_queue0],
      programs = [[@infeed]]
    } : (!stablehlo.token) -> (tensor<4xf32>, tensor<3xi1>)
    check.expect_eq_const %results#0, dense<[-0.0, 0x7FC00000, 0x7F800000, 0x00000001]> : tensor<4xf32>
    check.expect_eq_const %results#1, dense<[true, false, true]> : tensor<3xi1>
    func.return
  }
}
