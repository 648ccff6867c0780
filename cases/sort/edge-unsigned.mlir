// Case: spec/sort/edge-unsigned
// ui8 sort with compare_type UNSIGNED: 255 is the largest.
module {
  func.func @main() {
    %input0 = stablehlo.constant dense<[255, 0, 128, 127, 1]> : tensor<5xui8>
    %result0 = "stablehlo.sort"(%input0) ({
      ^bb0(%arg0: tensor<ui8>, %arg1: tensor<ui8>):
        %predicate = "stablehlo.compare"(%arg0, %arg1) {
          comparison_direction = #stablehlo<comparison_direction LT>,
          compare_type = #stablehlo<comparison_type UNSIGNED>
        } : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
        "stablehlo.return"(%predicate) : (tensor<i1>) -> ()
    }) {
      dimension = 0 : i64,
      is_stable = true
    } : (tensor<5xui8>) -> tensor<5xui8>
    check.expect_eq_const %result0, dense<[0, 1, 127, 128, 255]> : tensor<5xui8>
    func.return
  }
}
