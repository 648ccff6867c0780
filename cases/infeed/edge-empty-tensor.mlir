// Case: spec/infeed/edge-empty-tensor
// An entry holding a zero-sized tensor (0x3 f32) and a rank-0 si8.
module {
  func.func @infeed(%token: !stablehlo.token) -> (tensor<0x3xf32>, tensor<i8>) {
    %results0:3 = "stablehlo.infeed"(%token) {
      infeed_config = ""
    } : (!stablehlo.token) -> (tensor<0x3xf32>, tensor<i8>, !stablehlo.token)
    func.return %results0#0, %results0#1 : tensor<0x3xf32>, tensor<i8>
  }

  func.func @infeed_queue0() -> (tensor<0x3xf32>, tensor<i8>) {
    %value0 = stablehlo.constant dense<> : tensor<0x3xf32>
    %value1 = stablehlo.constant dense<-128> : tensor<i8>
    func.return %value0, %value1 : tensor<0x3xf32>, tensor<i8>
  }

  func.func @main() {
    %token = stablehlo.after_all : !stablehlo.token
    %results:2 = "interpreter.run_parallel"(%token) {
      infeed = [@infeed_queue0],
      programs = [[@infeed]]
    } : (!stablehlo.token) -> (tensor<0x3xf32>, tensor<i8>)
    check.expect_eq_const %results#0, dense<> : tensor<0x3xf32>
    check.expect_eq_const %results#1, dense<-128> : tensor<i8>
    func.return
  }
}
