// Case: spec/infeed/example-1
// From the spec's `infeed` example: infeed_queue[0] = [[1, 2], [3, 4]] and infeed_queue[1] =
// [[5, 6], [7, 8]] (si64); two infeed ops read them in order. The queue is given with
// interpreter.run_parallel's `infeed` attribute (one function per entry).
module {
  func.func @infeed(%token: !stablehlo.token) -> (tensor<2x2xi64>, tensor<2x2xi64>) {
    %results0:2 = "stablehlo.infeed"(%token) {
      infeed_config = ""
    } : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
    %results1:2 = "stablehlo.infeed"(%token) {
      infeed_config = ""
    } : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
    func.return %results0#0, %results1#0 : tensor<2x2xi64>, tensor<2x2xi64>
  }

  func.func @infeed_queue0() -> (tensor<2x2xi64>) {
    %value0 = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
    func.return %value0 : tensor<2x2xi64>
  }

  func.func @infeed_queue1() -> (tensor<2x2xi64>) {
    %value0 = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi64>
    func.return %value0 : tensor<2x2xi64>
  }

  func.func @main() {
    %token = stablehlo.after_all : !stablehlo.token
    %results:2 = "interpreter.run_parallel"(%token) {
      infeed = [@infeed_queue0, @infeed_queue1],
      programs = [[@infeed]]
    } : (!stablehlo.token) -> (tensor<2x2xi64>, tensor<2x2xi64>)
    check.expect_eq_const %results#0, dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
    check.expect_eq_const %results#1, dense<[[5, 6], [7, 8]]> : tensor<2x2xi64>
    func.return
  }
}
