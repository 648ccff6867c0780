from common import *

def raw(op, stem, comment, body, funcs=None):
    write(op, stem, comment, [l for l in body.strip('\n').split('\n')], funcs)

# ---------------------------------------------------------------- while
raw('while', 'example-1', ["From the spec's `while` example (generic form). With %init_i = 1 the body runs 9 times, so the",
    "results are i = 10 and sum = 9 (the spec's printed sum of 10 would need %init_i = 0; see edge-count-from-zero)."], '''
%init_i = stablehlo.constant dense<1> : tensor<i64>
%init_sum = stablehlo.constant dense<0> : tensor<i64>
%one = stablehlo.constant dense<1> : tensor<i64>
%ten = stablehlo.constant dense<10> : tensor<i64>
%results0, %results1 = "stablehlo.while"(%init_i, %init_sum) ({
^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
  %cond = "stablehlo.compare"(%arg0, %ten) {
    comparison_direction = #stablehlo<comparison_direction LT>
  } : (tensor<i64>, tensor<i64>) -> tensor<i1>
  stablehlo.return %cond : tensor<i1>
}, {
^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
  %new_sum = stablehlo.add %arg1, %one : tensor<i64>
  %new_i = stablehlo.add %arg0, %one : tensor<i64>
  stablehlo.return %new_i, %new_sum : tensor<i64>, tensor<i64>
}) : (tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>)
check.expect_eq_const %results0, dense<10> : tensor<i64>
check.expect_eq_const %results1, dense<9> : tensor<i64>
''')
raw('while', 'edge-count-from-zero', 'The spec example counting from 0 (pretty form): 10 iterations, i = 10 and sum = 10.', '''
%init_i = stablehlo.constant dense<0> : tensor<i64>
%init_sum = stablehlo.constant dense<0> : tensor<i64>
%one = stablehlo.constant dense<1> : tensor<i64>
%ten = stablehlo.constant dense<10> : tensor<i64>
%results0, %results1 = stablehlo.while(%arg0 = %init_i, %arg1 = %init_sum) : tensor<i64>, tensor<i64>
cond {
  %cond = stablehlo.compare LT, %arg0, %ten : (tensor<i64>, tensor<i64>) -> tensor<i1>
  stablehlo.return %cond : tensor<i1>
} do {
  %new_sum = stablehlo.add %arg1, %one : tensor<i64>
  %new_i = stablehlo.add %arg0, %one : tensor<i64>
  stablehlo.return %new_i, %new_sum : tensor<i64>, tensor<i64>
}
check.expect_eq_const %results0, dense<10> : tensor<i64>
check.expect_eq_const %results1, dense<10> : tensor<i64>
''')
raw('while', 'edge-zero-iterations', 'Spec: the body runs 0 or more times; when cond is false initially the results are the operands.', '''
%init = stablehlo.constant dense<[1.5, -0.0]> : tensor<2xf32>
%n = stablehlo.constant dense<5> : tensor<i32>
%r0, %r1 = stablehlo.while(%a = %init, %i = %n) : tensor<2xf32>, tensor<i32>
cond {
  %c = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
  stablehlo.return %c : tensor<i1>
} do {
  %a2 = stablehlo.add %a, %a : tensor<2xf32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %i2 = stablehlo.add %i, %one : tensor<i32>
  stablehlo.return %a2, %i2 : tensor<2xf32>, tensor<i32>
}
check.expect_eq_const %r0, dense<[1.5, -0.0]> : tensor<2xf32>
check.expect_eq_const %r1, dense<5> : tensor<i32>
''')
raw('while', 'edge-tensor-state', 'A loop carrying a tensor: doubling [1, 3] five times gives [32, 96] (f32, exact).', '''
%init = stablehlo.constant dense<[1.0, 3.0]> : tensor<2xf32>
%zero = stablehlo.constant dense<0> : tensor<i32>
%r0, %r1 = stablehlo.while(%a = %init, %i = %zero) : tensor<2xf32>, tensor<i32>
cond {
  %five = stablehlo.constant dense<5> : tensor<i32>
  %c = stablehlo.compare LT, %i, %five, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  stablehlo.return %c : tensor<i1>
} do {
  %a2 = stablehlo.add %a, %a : tensor<2xf32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %i2 = stablehlo.add %i, %one : tensor<i32>
  stablehlo.return %a2, %i2 : tensor<2xf32>, tensor<i32>
}
check.expect_eq_const %r0, dense<[32.0, 96.0]> : tensor<2xf32>
check.expect_eq_const %r1, dense<5> : tensor<i32>
''')
raw('while', 'edge-nested', 'Nested while loops: 3 outer x 4 inner iterations increment a counter 12 times.', '''
%zero = stablehlo.constant dense<0> : tensor<i32>
%one = stablehlo.constant dense<1> : tensor<i32>
%three = stablehlo.constant dense<3> : tensor<i32>
%four = stablehlo.constant dense<4> : tensor<i32>
%r0, %r1 = stablehlo.while(%i = %zero, %acc = %zero) : tensor<i32>, tensor<i32>
cond {
  %c = stablehlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
  stablehlo.return %c : tensor<i1>
} do {
  %s0, %s1 = stablehlo.while(%j = %zero, %acc2 = %acc) : tensor<i32>, tensor<i32>
  cond {
    %c2 = stablehlo.compare LT, %j, %four : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c2 : tensor<i1>
  } do {
    %j2 = stablehlo.add %j, %one : tensor<i32>
    %a3 = stablehlo.add %acc2, %one : tensor<i32>
    stablehlo.return %j2, %a3 : tensor<i32>, tensor<i32>
  }
  %i2 = stablehlo.add %i, %one : tensor<i32>
  stablehlo.return %i2, %s1 : tensor<i32>, tensor<i32>
}
check.expect_eq_const %r0, dense<3> : tensor<i32>
check.expect_eq_const %r1, dense<12> : tensor<i32>
''')

# ---------------------------------------------------------------- if
raw('if', 'example-1', "From the spec's `if` example (pred = true selects the true branch; generic form).", '''
%result_true_branch = stablehlo.constant dense<10> : tensor<i32>
%result_false_branch = stablehlo.constant dense<11> : tensor<i32>
%pred = stablehlo.constant dense<true> : tensor<i1>
%result = "stablehlo.if"(%pred) ({
  "stablehlo.return"(%result_true_branch) : (tensor<i32>) -> ()
}, {
  "stablehlo.return"(%result_false_branch) : (tensor<i32>) -> ()
}) : (tensor<i1>) -> tensor<i32>
check.expect_eq_const %result, dense<10> : tensor<i32>
''')
raw('if', 'edge-false-branch', 'pred = false selects the false branch.', '''
%t = stablehlo.constant dense<10> : tensor<i32>
%f = stablehlo.constant dense<11> : tensor<i32>
%pred = stablehlo.constant dense<false> : tensor<i1>
%result = "stablehlo.if"(%pred) ({
  stablehlo.return %t : tensor<i32>
}, {
  stablehlo.return %f : tensor<i32>
}) : (tensor<i1>) -> tensor<i32>
check.expect_eq_const %result, dense<11> : tensor<i32>
''')
raw('if', 'edge-multiple-results', 'if with two results of different types computed inside the branches.', '''
%pred = stablehlo.constant dense<true> : tensor<i1>
%x = stablehlo.constant dense<[1.0, -0.0]> : tensor<2xf32>
%r0, %r1 = "stablehlo.if"(%pred) ({
  %n = stablehlo.negate %x : tensor<2xf32>
  %c = stablehlo.constant dense<7> : tensor<i64>
  stablehlo.return %n, %c : tensor<2xf32>, tensor<i64>
}, {
  %c = stablehlo.constant dense<8> : tensor<i64>
  stablehlo.return %x, %c : tensor<2xf32>, tensor<i64>
}) : (tensor<i1>) -> (tensor<2xf32>, tensor<i64>)
check.expect_eq_const %r0, dense<[-1.0, 0.0]> : tensor<2xf32>
check.expect_eq_const %r1, dense<7> : tensor<i64>
''')
raw('if', 'edge-nested', 'Nested if: outer false, inner true.', '''
%t = stablehlo.constant dense<true> : tensor<i1>
%f = stablehlo.constant dense<false> : tensor<i1>
%result = "stablehlo.if"(%f) ({
  %a = stablehlo.constant dense<1> : tensor<i32>
  stablehlo.return %a : tensor<i32>
}, {
  %inner = "stablehlo.if"(%t) ({
    %b = stablehlo.constant dense<2> : tensor<i32>
    stablehlo.return %b : tensor<i32>
  }, {
    %c = stablehlo.constant dense<3> : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }) : (tensor<i1>) -> tensor<i32>
  stablehlo.return %inner : tensor<i32>
}) : (tensor<i1>) -> tensor<i32>
check.expect_eq_const %result, dense<2> : tensor<i32>
''')

# ---------------------------------------------------------------- case
def case_file(stem, comment, index, expect0, expect1, nbranches=2):
    branches = []
    for b in range(nbranches):
        branches.append('{\n  %%b%d = stablehlo.constant dense<%d> : tensor<2xi64>\n  stablehlo.return %%b%d, %%b%d : tensor<2xi64>, tensor<2xi64>\n}' % (b, b, b, b))
    body = '''
%%index = stablehlo.constant dense<%d> : tensor<i32>
%%result0, %%result1 = "stablehlo.case"(%%index) (%s) : (tensor<i32>) -> (tensor<2xi64>, tensor<2xi64>)
check.expect_eq_const %%result0, dense<%s> : tensor<2xi64>
check.expect_eq_const %%result1, dense<%s> : tensor<2xi64>
''' % (index, ', '.join(branches), expect0, expect1)
    raw('case', stem, comment, body)
raw('case', 'example-1', "From the spec's `case` example: index -1 is out of range, so the last branch runs (generic form).", '''
%index = stablehlo.constant dense<-1> : tensor<i32>
%result_branch0 = stablehlo.constant dense<0> : tensor<2xi64>
%result_branch1 = stablehlo.constant dense<1> : tensor<2xi64>
%result0, %result1 = "stablehlo.case"(%index) ({
  "stablehlo.return"(%result_branch0, %result_branch0) : (tensor<2xi64>, tensor<2xi64>) -> ()
}, {
  "stablehlo.return"(%result_branch1, %result_branch1) : (tensor<2xi64>, tensor<2xi64>) -> ()
}) : (tensor<i32>) -> (tensor<2xi64>, tensor<2xi64>)
check.expect_eq_const %result0, dense<[1, 1]> : tensor<2xi64>
check.expect_eq_const %result1, dense<[1, 1]> : tensor<2xi64>
''')
case_file('edge-index-0', 'Spec: index 0 selects branches[0].', 0, '[0, 0]', '[0, 0]')
case_file('edge-index-middle', 'Spec: an in-range index selects that branch (index 1 of 3).', 1, '[1, 1]', '[1, 1]', 3)
case_file('edge-index-too-large', 'Spec: index >= size(branches) selects the last branch.', 3, '[2, 2]', '[2, 2]', 3)
case_file('edge-index-int-max', 'Spec: index INT32_MAX is out of range and selects the last branch.', 2147483647, '[1, 1]', '[1, 1]')
case_file('edge-index-int-min', 'Spec: index INT32_MIN is out of range and selects the last branch.', -2147483648, '[1, 1]', '[1, 1]')
case_file('edge-single-branch', 'With a single branch every index selects it.', 5, '[0, 0]', '[0, 0]', 1)

# ---------------------------------------------------------------- map
raw('map', 'example-1', "From the spec's `map` example (element-wise multiply through a map body, si64).", '''
%input0 = stablehlo.constant dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>
%input1 = stablehlo.constant dense<[[4, 5], [6, 7]]> : tensor<2x2xi64>
%result = "stablehlo.map"(%input0, %input1) ({
  ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
    %0 = stablehlo.multiply %arg0, %arg1 : tensor<i64>
    stablehlo.return %0 : tensor<i64>
}) {
  dimensions = array<i64: 0, 1>
} : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xi64>
check.expect_eq_const %result, dense<[[0, 5], [12, 21]]> : tensor<2x2xi64>
''')
raw('map', 'edge-unary-f32', 'map with a single input whose body negates (f32; -(+0) = -0 shows the body runs per element).', '''
%input = stablehlo.constant dense<[0.0, 1.5, -2.0]> : tensor<3xf32>
%result = "stablehlo.map"(%input) ({
  ^bb0(%arg0: tensor<f32>):
    %0 = stablehlo.negate %arg0 : tensor<f32>
    stablehlo.return %0 : tensor<f32>
}) {
  dimensions = array<i64: 0>
} : (tensor<3xf32>) -> tensor<3xf32>
check.expect_eq_const %result, dense<[-0.0, -1.5, 2.0]> : tensor<3xf32>
''')
raw('map', 'edge-type-change', 'map whose body changes the element type (f32 compare -> i1).', '''
%a = stablehlo.constant dense<[1.0, 0x7FC00000, -0.0]> : tensor<3xf32>
%b = stablehlo.constant dense<[2.0, 1.0, 0.0]> : tensor<3xf32>
%result = "stablehlo.map"(%a, %b) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %0 = stablehlo.compare LT, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %0 : tensor<i1>
}) {
  dimensions = array<i64: 0>
} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
check.expect_eq_const %result, dense<[true, false, false]> : tensor<3xi1>
''')
raw('map', 'edge-multi-op-body', 'map body with several ops: x*x + y on si32 with wrap-around (65536^2 + 1 = 1).', '''
%a = stablehlo.constant dense<[3, 65536]> : tensor<2xi32>
%b = stablehlo.constant dense<[4, 1]> : tensor<2xi32>
%result = "stablehlo.map"(%a, %b) ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %0 = stablehlo.multiply %x, %x : tensor<i32>
    %1 = stablehlo.add %0, %y : tensor<i32>
    stablehlo.return %1 : tensor<i32>
}) {
  dimensions = array<i64: 0>
} : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
check.expect_eq_const %result, dense<[13, 1]> : tensor<2xi32>
''')

# ---------------------------------------------------------------- call
raw('call', 'edge-basic', 'func.call (StableHLO uses the upstream call op): calls @add_2 on a constant.', '''
%0 = stablehlo.constant dense<1> : tensor<i64>
%1 = func.call @add_2(%0) : (tensor<i64>) -> tensor<i64>
check.expect_eq_const %1, dense<3> : tensor<i64>
''', ['''func.func @add_2(%arg0: tensor<i64>) -> tensor<i64> {
  %0 = stablehlo.constant dense<2> : tensor<i64>
  %1 = stablehlo.add %arg0, %0 : tensor<i64>
  func.return %1 : tensor<i64>
}'''])
raw('call', 'edge-multiple-results', 'func.call of a function with two arguments and two results (swap and negate, f32 signed zero).', '''
%a = stablehlo.constant dense<[1.0, 0.0]> : tensor<2xf32>
%b = stablehlo.constant dense<7> : tensor<i32>
%r0, %r1 = func.call @swap_neg(%a, %b) : (tensor<2xf32>, tensor<i32>) -> (tensor<i32>, tensor<2xf32>)
check.expect_eq_const %r0, dense<7> : tensor<i32>
check.expect_eq_const %r1, dense<[-1.0, -0.0]> : tensor<2xf32>
''', ['''func.func @swap_neg(%x: tensor<2xf32>, %y: tensor<i32>) -> (tensor<i32>, tensor<2xf32>) {
  %n = stablehlo.negate %x : tensor<2xf32>
  func.return %y, %n : tensor<i32>, tensor<2xf32>
}'''])
raw('call', 'edge-nested', 'A called function that itself calls another function.', '''
%0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
%1 = func.call @outer(%0) : (tensor<2xi32>) -> tensor<2xi32>
check.expect_eq_const %1, dense<[4, 8]> : tensor<2xi32>
''', ['''func.func @double(%x: tensor<2xi32>) -> tensor<2xi32> {
  %0 = stablehlo.add %x, %x : tensor<2xi32>
  func.return %0 : tensor<2xi32>
}''', '''func.func @outer(%x: tensor<2xi32>) -> tensor<2xi32> {
  %0 = func.call @double(%x) : (tensor<2xi32>) -> tensor<2xi32>
  %1 = func.call @double(%0) : (tensor<2xi32>) -> tensor<2xi32>
  func.return %1 : tensor<2xi32>
}'''])

# ---------------------------------------------------------------- composite
raw('composite', 'example-1', ["The spec's `composite` example (name my_namespace.my_op, composite_attributes, decomposition @my_op,", 'version 1) with a concrete @my_op (add) and inputs; the composite behaves as its decomposition.'], '''
%input0 = stablehlo.constant dense<1.5> : tensor<f32>
%input1 = stablehlo.constant dense<2.25> : tensor<f32>
%results = "stablehlo.composite"(%input0, %input1) {
  name = "my_namespace.my_op",
  composite_attributes = {
    my_attribute = "my_value"
  },
  decomposition = @my_op,
  version = 1 : i32
} : (tensor<f32>, tensor<f32>) -> tensor<f32>
check.expect_eq_const %results, dense<3.75> : tensor<f32>
''', ['''func.func private @my_op(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
  func.return %0 : tensor<f32>
}'''])
raw('composite', 'edge-pretty-form', 'Composite in pretty form (as in the upstream interpreter tests): add_n with n = 2.', '''
%0 = stablehlo.constant dense<1> : tensor<i64>
%1 = stablehlo.composite "stablehlo.add_n" %0 {
  composite_attributes = { n = 2 : i64 },
  decomposition = @add_n.impl
} : (tensor<i64>) -> tensor<i64>
check.expect_eq_const %1, dense<3> : tensor<i64>
''', ['''func.func private @add_n.impl(%arg0: tensor<i64>) -> tensor<i64> {
  %0 = stablehlo.constant dense<2> : tensor<i64>
  %1 = stablehlo.add %arg0, %0 : tensor<i64>
  func.return %1 : tensor<i64>
}'''])
raw('composite', 'edge-multiple-results', 'Composite with two results whose decomposition computes sum and difference.', '''
%a = stablehlo.constant dense<[5, -3]> : tensor<2xi32>
%b = stablehlo.constant dense<[2, 4]> : tensor<2xi32>
%s, %d = "stablehlo.composite"(%a, %b) {
  name = "test.sum_diff",
  decomposition = @sum_diff
} : (tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>)
check.expect_eq_const %s, dense<[7, 1]> : tensor<2xi32>
check.expect_eq_const %d, dense<[3, -7]> : tensor<2xi32>
''', ['''func.func private @sum_diff(%x: tensor<2xi32>, %y: tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>) {
  %0 = stablehlo.add %x, %y : tensor<2xi32>
  %1 = stablehlo.subtract %x, %y : tensor<2xi32>
  func.return %0, %1 : tensor<2xi32>, tensor<2xi32>
}'''])

# ---------------------------------------------------------------- optimization_barrier
raw('optimization_barrier', 'example-1', "From the spec's `optimization_barrier` example: the results equal the operands (generic form).", '''
%operand0 = stablehlo.constant dense<0.0> : tensor<f32>
%operand1 = stablehlo.constant dense<1.0> : tensor<f32>
%result0, %result1 = "stablehlo.optimization_barrier"(%operand0, %operand1) : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
check.expect_eq_const %result0, dense<0.0> : tensor<f32>
check.expect_eq_const %result1, dense<1.0> : tensor<f32>
''')
raw('optimization_barrier', 'edge-special-values', 'optimization_barrier is the identity, bit-exactly: -0.0, NaN, inf, subnormal; mixed element types.', '''
%a = stablehlo.constant dense<[-0.0, 0x7FC00000, 0xFF800000, 0x00000001]> : tensor<4xf32>
%b = stablehlo.constant dense<[-128, 127]> : tensor<2xi8>
%c = stablehlo.constant dense<[(1.0, -0.0)]> : tensor<1xcomplex<f64>>
%r0, %r1, %r2 = stablehlo.optimization_barrier %a, %b, %c : tensor<4xf32>, tensor<2xi8>, tensor<1xcomplex<f64>>
check.expect_eq_const %r0, dense<[-0.0, 0x7FC00000, 0xFF800000, 0x00000001]> : tensor<4xf32>
check.expect_eq_const %r1, dense<[-128, 127]> : tensor<2xi8>
check.expect_eq_const %r2, dense<[(1.0, -0.0)]> : tensor<1xcomplex<f64>>
''')
raw('optimization_barrier', 'edge-token', 'optimization_barrier accepts tokens along with tensors.', '''
%t = stablehlo.after_all : !stablehlo.token
%x = stablehlo.constant dense<3> : tensor<i32>
%r0, %r1 = stablehlo.optimization_barrier %t, %x : !stablehlo.token, tensor<i32>
check.expect_eq_const %r1, dense<3> : tensor<i32>
''')

# ---------------------------------------------------------------- tuple / get_tuple_element
raw('tuple', 'example-1', ["From the spec's `tuple` example: ([1.0, 2.0], (3)); the elements are read back with", 'get_tuple_element to check them.'], '''
%val0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
%tmp = stablehlo.constant dense<3> : tensor<i32>
%val1 = stablehlo.tuple %tmp : tuple<tensor<i32>>
%result = "stablehlo.tuple"(%val0, %val1) : (tensor<2xf32>, tuple<tensor<i32>>) -> tuple<tensor<2xf32>, tuple<tensor<i32>>>
%e0 = stablehlo.get_tuple_element %result[0] : (tuple<tensor<2xf32>, tuple<tensor<i32>>>) -> tensor<2xf32>
%e1 = stablehlo.get_tuple_element %result[1] : (tuple<tensor<2xf32>, tuple<tensor<i32>>>) -> tuple<tensor<i32>>
%e10 = stablehlo.get_tuple_element %e1[0] : (tuple<tensor<i32>>) -> tensor<i32>
check.expect_eq_const %e0, dense<[1.0, 2.0]> : tensor<2xf32>
check.expect_eq_const %e10, dense<3> : tensor<i32>
''')
raw('tuple', 'edge-mixed-types', 'A tuple of a token, a complex tensor and a boolean tensor; elements read back unchanged.', '''
%t = stablehlo.after_all : !stablehlo.token
%c = stablehlo.constant dense<[(1.0, -0.0)]> : tensor<1xcomplex<f32>>
%b = stablehlo.constant dense<[true, false]> : tensor<2xi1>
%tup = stablehlo.tuple %t, %c, %b : tuple<!stablehlo.token, tensor<1xcomplex<f32>>, tensor<2xi1>>
%e1 = stablehlo.get_tuple_element %tup[1] : (tuple<!stablehlo.token, tensor<1xcomplex<f32>>, tensor<2xi1>>) -> tensor<1xcomplex<f32>>
%e2 = stablehlo.get_tuple_element %tup[2] : (tuple<!stablehlo.token, tensor<1xcomplex<f32>>, tensor<2xi1>>) -> tensor<2xi1>
check.expect_eq_const %e1, dense<[(1.0, -0.0)]> : tensor<1xcomplex<f32>>
check.expect_eq_const %e2, dense<[true, false]> : tensor<2xi1>
''')
raw('tuple', 'edge-empty', 'An empty tuple is a valid value.', '''
%t = stablehlo.tuple : tuple<>
''')
raw('get_tuple_element', 'example-1', "From the spec's `get_tuple_element` example: index 0 of ([1.0, 2.0], (3)) is [1.0, 2.0] (generic form).", '''
%val0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
%tmp = stablehlo.constant dense<3> : tensor<i32>
%val1 = stablehlo.tuple %tmp : tuple<tensor<i32>>
%operand = stablehlo.tuple %val0, %val1 : tuple<tensor<2xf32>, tuple<tensor<i32>>>
%result = "stablehlo.get_tuple_element"(%operand) {
  index = 0 : i32
} : (tuple<tensor<2xf32>, tuple<tensor<i32>>>) -> tensor<2xf32>
check.expect_eq_const %result, dense<[1.0, 2.0]> : tensor<2xf32>
''')
raw('get_tuple_element', 'edge-nested', 'get_tuple_element of a nested tuple: element 1 is itself a tuple, whose element 0 is 3.', '''
%val0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
%tmp = stablehlo.constant dense<3> : tensor<i32>
%val1 = stablehlo.tuple %tmp : tuple<tensor<i32>>
%operand = stablehlo.tuple %val0, %val1 : tuple<tensor<2xf32>, tuple<tensor<i32>>>
%inner = stablehlo.get_tuple_element %operand[1] : (tuple<tensor<2xf32>, tuple<tensor<i32>>>) -> tuple<tensor<i32>>
%result = stablehlo.get_tuple_element %inner[0] : (tuple<tensor<i32>>) -> tensor<i32>
check.expect_eq_const %result, dense<3> : tensor<i32>
''')
raw('get_tuple_element', 'edge-last-index', 'get_tuple_element of the last element of a 3-tuple (f64 special values kept bit-exactly).', '''
%a = stablehlo.constant dense<1> : tensor<i8>
%b = stablehlo.constant dense<2> : tensor<i16>
%c = stablehlo.constant dense<[-0.0, 0xFFF0000000000000]> : tensor<2xf64>
%tup = stablehlo.tuple %a, %b, %c : tuple<tensor<i8>, tensor<i16>, tensor<2xf64>>
%result = stablehlo.get_tuple_element %tup[2] : (tuple<tensor<i8>, tensor<i16>, tensor<2xf64>>) -> tensor<2xf64>
check.expect_eq_const %result, dense<[-0.0, 0xFFF0000000000000]> : tensor<2xf64>
''')

# ---------------------------------------------------------------- after_all
raw('after_all', 'example-1', ["From the spec's `after_all` example: joins two tokens (tokens carry no data, so nothing is checked;", 'the case passes if it runs).'], '''
%input0 = stablehlo.after_all : !stablehlo.token
%input1 = stablehlo.after_all : !stablehlo.token
%result = "stablehlo.after_all"(%input0, %input1) : (!stablehlo.token, !stablehlo.token) -> !stablehlo.token
''')
raw('after_all', 'edge-no-inputs', 'after_all with zero inputs produces a token.', '''
%result = stablehlo.after_all : !stablehlo.token
''')
raw('after_all', 'edge-token-through-control-flow', 'A token from after_all threaded through a while loop alongside a counter; the counter is checked.', '''
%t0 = stablehlo.after_all : !stablehlo.token
%zero = stablehlo.constant dense<0> : tensor<i32>
%r0, %r1 = stablehlo.while(%t = %t0, %i = %zero) : !stablehlo.token, tensor<i32>
cond {
  %three = stablehlo.constant dense<3> : tensor<i32>
  %c = stablehlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
  stablehlo.return %c : tensor<i1>
} do {
  %t2 = stablehlo.after_all %t, %t : !stablehlo.token
  %one = stablehlo.constant dense<1> : tensor<i32>
  %i2 = stablehlo.add %i, %one : tensor<i32>
  stablehlo.return %t2, %i2 : !stablehlo.token, tensor<i32>
}
check.expect_eq_const %r1, dense<3> : tensor<i32>
''')
