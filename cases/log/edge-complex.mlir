// Case: spec/log/edge-complex
// Complex log z = log|z| + i arg z; log(-1+0i) = i*pi, log(-1-0i) = -i*pi (branch cut), each part correctly rounded.
// Exact per-part values (mpmath) (0.0, 3.14159265358979324), (0.346573590279972655, 0.78539816339744831), (0.693147180559945309, 1.57079632679489662), each part rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(-1.0, 0.0), (-1.0, -0.0), (1.0, 1.0), (0.0, 2.0)]> : tensor<4xcomplex<f32>>
    %result = stablehlo.log %operand : tensor<4xcomplex<f32>>
    check.expect_eq_const %result, dense<[(0.0, 3.1415927), (0.0, -3.1415927), (0.3465736, 0.7853982), (0.6931472, 1.5707964)]> : tensor<4xcomplex<f32>>
    func.return
  }
}
