// Case: spec/tan/example-1
// From the spec's `tan` example (f64, inputs as written); the spec's printed results (1.63312e+16, 5.44375e+15)
// belong to the doubles nearest pi/2 and 3pi/2 (see edge-pi-f64); here the results are tan of the inputs as written, correctly rounded.
// Exact values (mpmath) 147169271.761248743664, -3.58979302984161183765e-9, 2599497068.26957052051, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[0.0, 1.57079632], [3.14159265, 4.71238898]]> : tensor<2x2xf64>
    %result = stablehlo.tan %operand : tensor<2x2xf64>
    check.expect_eq_const %result, dense<[[0.0, 147169271.76124874], [-3.5897930298416118e-09, 2599497068.2695704]]> : tensor<2x2xf64>
    func.return
  }
}
