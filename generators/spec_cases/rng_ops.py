"""Spec cases for `rng`. The spec leaves the numbers implementation-defined, so no case checks bits:
- UNIFORM: every element lies in [a, b). The program compares the result with a (GE) and b (LT), ands the
  two, reduces with `and` over every dimension and checks that the reduction is true.
- NORMAL: every element is finite (is_finite, reduced with `and`); with standard deviation b = 0 the
  distribution is the point mass at a, so every element must equal a.
The shape is the result type the op declares (C3), which the evaluator checks."""
from shape_lib import *


def and_body():
    return binbody('and', 'i1')

def all_true(name, shape):
    """Lines reducing the i1 tensor %name (of `shape`) with `and` to %all, and the check that it is true."""
    return ['%true = stablehlo.constant dense<true> : tensor<i1>',
            '%%all = "stablehlo.reduce"(%%%s, %%true) ({\n%s\n}) {\n  dimensions = %s\n} : (%s, tensor<i1>) -> tensor<i1>' % (
                name, and_body(), arr(list(range(len(shape)))), ttype(shape, 'i1')),
            'check.expect_eq_const %all, dense<true> : tensor<i1>']

def compare(result, lhs, rhs, direction, shape, ety):
    return '%%%s = "stablehlo.compare"(%%%s, %%%s) {\n  comparison_direction = #stablehlo<comparison_direction %s>\n} : (%s, %s) -> %s' % (
        result, lhs, rhs, direction, ttype(shape, ety), ttype(shape, ety), ttype(shape, 'i1'))

def bcast(result, name, shape, ety):
    return '%%%s = "stablehlo.broadcast_in_dim"(%%%s) {\n  broadcast_dimensions = array<i64>\n} : (tensor<%s>) -> %s' % (
        result, name, ety, ttype(shape, ety))

def rng(stem, comment, ety, a, b, shape, dist):
    st = T(list(shape), (len(shape),))
    body = [tconst('a', T([a], ()), ety), tconst('b', T([b], ()), ety), tconst('shape', st, 'i64'),
            '%%result = "stablehlo.rng"(%%a, %%b, %%shape) {\n  rng_distribution = #stablehlo<rng_distribution %s>\n} : (tensor<%s>, tensor<%s>, %s) -> %s' % (
                dist, ety, ety, tty(st, 'i64'), ttype(shape, ety))]
    if dist == 'UNIFORM':
        body += [bcast('a_all', 'a', shape, ety), bcast('b_all', 'b', shape, ety),
                 compare('at_least_a', 'result', 'a_all', 'GE', shape, ety), compare('below_b', 'result', 'b_all', 'LT', shape, ety),
                 '%%in_range = stablehlo.and %%at_least_a, %%below_b : %s' % ttype(shape, 'i1')] + all_true('in_range', shape)
    elif b == 0.0:
        body += [bcast('a_all', 'a', shape, ety), compare('equals_a', 'result', 'a_all', 'EQ', shape, ety)] + all_true('equals_a', shape)
    else:
        body += ['%%finite = "stablehlo.is_finite"(%%result) : (%s) -> %s' % (ttype(shape, ety), ttype(shape, 'i1'))] + all_true('finite', shape)
    write('rng', stem, comment, body)

rng('example-1', ["From the spec's `rng` example (UNIFORM, si32, a = 0, b = 2, shape [3, 3]). The spec's printed values are",
    'one implementation-defined draw; the case checks that every element lies in [0, 2).'], 'i32', 0, 2, (3, 3), 'UNIFORM')
rng('edge-f32-uniform', 'UNIFORM f32 on [-1.5, 2.0), shape [4, 5]: every element lies in the interval.', 'f32', -1.5, 2.0, (4, 5), 'UNIFORM')
rng('edge-f64-uniform', 'UNIFORM f64 on [-2.0, -1.0) (a negative interval), shape [7].', 'f64', -2.0, -1.0, (7,), 'UNIFORM')
rng('edge-f16-uniform', 'UNIFORM f16 on [0.0, 1.0), shape [2, 3, 4].', 'f16', 0.0, 1.0, (2, 3, 4), 'UNIFORM')
rng('edge-bf16-uniform', 'UNIFORM bf16 on [-100.0, 100.0), shape [16].', 'bf16', -100.0, 100.0, (16,), 'UNIFORM')
rng('edge-f32-one-value', ['UNIFORM f32 on [1.0, 1.0000001) (b is the next f32 after a): the only f32 in the interval is 1.0, so',
    'every element must be 1.0.'], 'f32', 1.0, 1.0 + 2.0 ** -23, (6,), 'UNIFORM')
rng('edge-i8-one-value', 'UNIFORM si8 on [5, 6): every element must be 5.', 'i8', 5, 6, (2, 5), 'UNIFORM')
rng('edge-i64-full-range', 'UNIFORM si64 on [-2^63, 2^63 - 1): the widest interval of the type.', 'i64', -2 ** 63, 2 ** 63 - 1, (10,), 'UNIFORM')
rng('edge-ui8', 'UNIFORM ui8 on [250, 255), shape [20].', 'ui8', 250, 255, (20,), 'UNIFORM')
rng('edge-bool', 'UNIFORM i1 on [false, true): the only value in the interval is false.', 'i1', False, True, (3,), 'UNIFORM')
rng('edge-scalar', 'UNIFORM si32 with shape [] (a rank-0 result) on [-3, 3).', 'i32', -3, 3, (), 'UNIFORM')
rng('edge-empty', 'UNIFORM f32 with a zero-sized shape [0, 3]: an empty result.', 'f32', 0.0, 1.0, (0, 3), 'UNIFORM')
rng('edge-f32-normal', 'NORMAL f32 with mean 0 and standard deviation 1, shape [3, 4]: every element is finite.', 'f32', 0.0, 1.0, (3, 4), 'NORMAL')
rng('edge-f64-normal', 'NORMAL f64 with mean 10 and standard deviation 0.5, shape [5]: every element is finite.', 'f64', 10.0, 0.5, (5,), 'NORMAL')
rng('edge-f16-normal', 'NORMAL f16 with mean -1 and standard deviation 2, shape [8]: every element is finite.', 'f16', -1.0, 2.0, (8,), 'NORMAL')
rng('edge-bf16-normal', 'NORMAL bf16 with mean 0 and standard deviation 1, shape [2, 2]: every element is finite.', 'bf16', 0.0, 1.0, (2, 2), 'NORMAL')
rng('edge-normal-zero-deviation', ['NORMAL f32 with standard deviation b = 0 (allowed: only b < 0 is undefined): the distribution is',
    'the point mass at a = 1.5, so every element must be 1.5.'], 'f32', 1.5, 0.0, (4,), 'NORMAL')
