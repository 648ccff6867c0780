// Case: spec/select/example-1
// From the spec's `select` example (si32).
module {
  func.func @main() {
    %pred = stablehlo.constant dense<[[false, true], [true, false]]> : tensor<2x2xi1>
    %on_true = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
    %on_false = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi32>
    %result = stablehlo.select %pred, %on_true, %on_false : tensor<2x2xi1>, tensor<2x2xi32>
    check.expect_eq_const %result, dense<[[5, 2], [3, 8]]> : tensor<2x2xi32>
    func.return
  }
}
