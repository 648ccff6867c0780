from common import *

def body_case(op, stem, comment, lines, extra=None):
    write(op, stem, comment, lines, extra)

# ---------------------------------------------------------------- clamp
def clamp(stem, comment, ety, mn, x, mx, r, mshape='same'):
    xs = (len(x),)
    ms = () if mshape == 'scalar' else xs
    lines = [const('min', mn, ety, ms), const('operand', x, ety, xs), const('max', mx, ety, ms)]
    if mshape == 'scalar':
        lines.append('%%result = stablehlo.clamp %%min, %%operand, %%max : (%s, %s, %s) -> %s' % (ttype(ms, ety), ttype(xs, ety), ttype(ms, ety), ttype(xs, ety)))
    else:
        lines.append('%%result = stablehlo.clamp %%min, %%operand, %%max : %s' % ttype(xs, ety))
    lines.append(check('result', [R(ety, v) for v in r], ety, xs))
    write('clamp', stem, comment, lines)
clamp('example-1', "From the spec's `clamp` example (si32, element-wise bounds).", 'i32', [5, 10, 15], [3, 13, 23], [10, 15, 20], [5, 13, 20])
clamp('edge-scalar-bounds', 'Spec: min and max may be rank-0 and then apply to every element.', 'f32', [-1.0], [-5.0, 0.5, 7.0, '-inf'], [1.0], [-1.0, 0.5, 1.0, -1.0], mshape='scalar')
clamp('edge-nan', 'clamp = minimum(maximum(x, min), max): a NaN operand or NaN bound propagates (IEEE maximum/minimum).', 'f32', [0.0, 'nan', 0.0], ['nan', 0.5, 0.5], [1.0, 1.0, 'nan'], [NAN, NAN, NAN])
clamp('edge-signed-zero', 'maximum(-0, +0) = +0, so clamp(+0, -0, 1) = +0; clamp(-1, -0, -0) = -0.', 'f32', [0.0, -1.0], [NZ, NZ], [1.0, NZ], [0.0, NZ])
clamp('edge-min-above-max', 'When min > max the spec formula minimum(maximum(x, min), max) returns max.', 'i32', [5, 5], [4, 100], [3, 3], [3, 3])
clamp('edge-int-extremes', 'clamp on si8 extremes.', 'i8', [-128, -100, 0], [127, -128, -1], [127, 100, 0], [127, -100, 0])
clamp('edge-unsigned', 'clamp on ui8 (unsigned ordering).', 'ui8', [10, 0], [255, 5], [200, 255], [200, 5])
clamp('edge-inf', 'clamp with infinite bounds is the identity on finite values.', 'f32', ['-inf', '-inf'], [F32MAX, 'inf'], ['inf', F32MAX], [F32MAX, F32MAX])
clamp('edge-f16', 'clamp on f16.', 'f16', [0.0, 0.0], [F16MAX, -F16SUB], [1.0, 1.0], [1.0, 0.0])
clamp('edge-bf16', 'clamp on bf16.', 'bf16', [-1.0, -1.0], ['inf', '0.5'], [1.0, 1.0], [1.0, '0.5'])

# ---------------------------------------------------------------- compare
def cmp(stem, comment, ety, a, b, tests, ctype=None, shape=None):
    """tests: list of (direction, expected list)"""
    shape = shp(a, shape)
    t = ttype(shape, ety); rt = ttype(shape, 'i1')
    lines = [const('lhs', a, ety, shape), const('rhs', b, ety, shape)]
    for i, (d, exp) in enumerate(tests):
        ct = ', ' + ctype if ctype else ''
        lines.append('%%r%d = stablehlo.compare %s, %%lhs, %%rhs%s : (%s, %s) -> %s' % (i, d, ct, t, t, rt))
        lines.append(check('r%d' % i, exp, 'i1', shape))
    write('compare', stem, comment, lines)
# example uses generic form, keep it close to the spec text
write('compare', 'example-1', "From the spec's `compare` example (f32, LT with compare_type FLOAT, generic form).", [
    const('lhs', [1.0, 3.0], 'f32'), const('rhs', ['1.1', '2.9'], 'f32'),
    '%result = "stablehlo.compare"(%lhs, %rhs) {\n  comparison_direction = #stablehlo<comparison_direction LT>,\n  compare_type = #stablehlo<comparison_type FLOAT>\n} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>',
    check('result', [True, False], 'i1')])
T, F_ = True, False
cmp('edge-nan-float', 'FLOAT comparisons are IEEE quiet predicates: every ordered comparison with NaN is false, NE is true.', 'f32', ['nan', 1.0, 'nan'], [1.0, 'nan', 'nan'],
    [('EQ', [F_, F_, F_]), ('NE', [T, T, T]), ('LT', [F_, F_, F_]), ('LE', [F_, F_, F_]), ('GT', [F_, F_, F_]), ('GE', [F_, F_, F_])], ctype='FLOAT')
cmp('edge-signed-zero-float', 'FLOAT comparison: -0 == +0 (EQ true, LT false, LE/GE true).', 'f32', [NZ, 0.0], [0.0, NZ],
    [('EQ', [T, T]), ('NE', [F_, F_]), ('LT', [F_, F_]), ('LE', [T, T]), ('GE', [T, T])], ctype='FLOAT')
cmp('edge-totalorder', 'TOTALORDER orders -NaN < -inf < -max < -subnormal < -0 < +0 < subnormal < +inf < +NaN (strict LT/GT between distinct encodings).', 'f32',
    ['0xFFC00000', '-inf', NZ, NZ, F32SUB, 'inf', -F32MAX], ['-inf', -F32MAX, 0.0, -F32SUB, 0.0, '0x7FC00000', '-inf'],
    [('LT', [T, T, T, F_, F_, T, F_]), ('GT', [F_, F_, F_, T, T, F_, T]), ('LE', [T, T, T, F_, F_, T, F_]), ('GE', [F_, F_, F_, T, T, F_, T])], ctype='TOTALORDER')
cmp('edge-inf-float', 'FLOAT comparisons with infinities.', 'f32', ['inf', '-inf', 'inf'], ['inf', F32MAX, F32MAX],
    [('EQ', [T, F_, F_]), ('LT', [F_, T, F_]), ('GT', [F_, F_, T])], ctype='FLOAT')
cmp('edge-signed-int', 'SIGNED comparison on si8: -128 < 127, -1 < 0.', 'i8', [-128, -1, 127, 5], [127, 0, -128, 5],
    [('LT', [T, T, F_, F_]), ('GE', [F_, F_, T, T]), ('EQ', [F_, F_, F_, T]), ('NE', [T, T, T, F_])], ctype='SIGNED')
cmp('edge-unsigned-int', 'UNSIGNED comparison on ui8: 255 is the largest value.', 'ui8', [255, 0, 128], [0, 255, 127],
    [('GT', [T, F_, T]), ('LE', [F_, T, F_])], ctype='UNSIGNED')
cmp('edge-i64-extremes', 'SIGNED comparison at si64 extremes.', 'i64', [-9223372036854775808, 9223372036854775807], [9223372036854775807, -9223372036854775808],
    [('LT', [T, F_]), ('GT', [F_, T])], ctype='SIGNED')
cmp('edge-bool', 'Booleans compare UNSIGNED: false < true.', 'i1', [False, False, True, True], [False, True, False, True],
    [('LT', [F_, T, F_, F_]), ('EQ', [T, F_, F_, T]), ('GE', [T, F_, T, T])], ctype='UNSIGNED')
cmp('edge-complex', 'Complex EQ/NE compare both parts (compare_type FLOAT).', 'complex<f32>', [(1.0, 2.0), (1.0, 2.0), (NZ, 0.0)], [(1.0, 2.0), (1.0, -2.0), (0.0, NZ)],
    [('EQ', [T, F_, T]), ('NE', [F_, T, F_])], ctype='FLOAT')
cmp('edge-f16', 'FLOAT comparison on f16 including NaN and signed zero.', 'f16', ['nan', NZ, F16SUB], [1.0, 0.0, 0.0],
    [('LT', [F_, F_, F_]), ('EQ', [F_, T, F_]), ('GT', [F_, F_, T])], ctype='FLOAT')
cmp('edge-bf16', 'FLOAT comparison on bf16.', 'bf16', ['nan', NZ, 1.0], [1.0, 0.0, '1.0078125'],
    [('NE', [T, F_, T]), ('LT', [F_, F_, T])], ctype='FLOAT')
cmp('edge-f64-rounding', 'FLOAT comparison on f64 values one ulp apart.', 'f64', [1.0, 0.30000000000000004], [1.0000000000000002, '0.3'],
    [('LT', [T, F_]), ('GT', [F_, T]), ('EQ', [F_, F_])], ctype='FLOAT')

# ---------------------------------------------------------------- select
def select(stem, comment, ety, p, a, b, r, scalar_pred=False, shape=None):
    shape = shp(a, shape)
    ps = () if scalar_pred else shape
    lines = [const('pred', p, 'i1', ps), const('on_true', a, ety, shape), const('on_false', b, ety, shape),
             '%%result = stablehlo.select %%pred, %%on_true, %%on_false : %s, %s' % (ttype(ps, 'i1'), ttype(shape, ety)),
             check('result', r, ety, shape)]
    write('select', stem, comment, lines)
select('example-1', "From the spec's `select` example (si32).", 'i32', [False, True, True, False], [1, 2, 3, 4], [5, 6, 7, 8], [5, 2, 3, 8], shape=(2, 2))
select('edge-scalar-pred', 'Spec: a rank-0 pred selects the whole on_true (true) tensor.', 'f32', [True], [1.0, 2.0], [3.0, 4.0], [1.0, 2.0], scalar_pred=True)
select('edge-scalar-pred-false', 'Spec: a rank-0 pred selects the whole on_false (false) tensor.', 'i64', [False], [1, 2], [3, 4], [3, 4], scalar_pred=True)
select('edge-special-values', 'select passes values through bit-exactly: -0.0, inf, NaN, subnormals.', 'f32', [True, False, True, False], [NZ, 1.0, 'nan', 1.0], [0.0, 'inf', 0.0, F32SUB], [NZ, INF, NAN, F32SUB])
select('edge-bool', 'select on boolean tensors.', 'i1', [True, False], [True, True], [False, False], [True, False])
select('edge-complex', 'select on complex tensors.', 'complex<f32>', [False, True], [(1.0, 2.0), (3.0, 4.0)], [(5.0, 6.0), (7.0, 8.0)], [(5.0, 6.0), (3.0, 4.0)])
select('edge-f16', 'select on f16 with signed zeros.', 'f16', [True, False], [NZ, 0.0], [0.0, NZ], [NZ, NZ])

# ---------------------------------------------------------------- convert
def conv(stem, comment, et, xs, rt, ys, shape=None):
    shape = shp(xs, shape)
    lines = [const('operand', xs, et, shape),
             '%%result = stablehlo.convert %%operand : (%s) -> %s' % (ttype(shape, et), ttype(shape, rt)),
             check('result', [R(rt, y) for y in ys], rt, shape)]
    write('convert', stem, comment, lines)
conv('example-1', "From the spec's `convert` example (si64 -> complex<f64>, imaginary part zeroed).", 'i64', [-1, 0, 1], 'complex<f64>', [(-1.0, 0.0), (0.0, 0.0), (1.0, 0.0)])
conv('edge-float-to-int-trunc', 'Spec: float-to-integer conversion truncates the fractional part (all results in range).', 'f32', ['2.7', '-2.7', '-0.5', NZ, '0.9999999'], 'i32', [2, -2, 0, 0, 0])
conv('edge-float-to-int-extremes', 'Exactly representable extremes: f32 -2^31 -> INT_MIN; 2147483520 (largest f32 below 2^31) -> itself.', 'f32', [-2147483648.0, 2147483520.0, '-1.5'], 'i32', [-2147483648, 2147483520, -1])
conv('edge-float-to-unsigned', 'f32 -> ui8 truncation within range.', 'f32', ['255.9', '3.9', '0.5'], 'ui8', [255, 3, 0])
conv('edge-f64-to-i64', 'f64 -> si64 of large exactly representable values.', 'f64', [9.007199254740993e15, -9.223372036854775808e18, 1099511627776.5], 'i64', [9007199254740992, -9223372036854775808, 1099511627776])
conv('edge-int-to-float-exact', 'Integer-to-float conversions of exactly representable values (2^24, -2^31, 2^63 via ui64).', 'i32', [16777216, -2147483648, -1, 0], 'f32', [16777216.0, -2147483648.0, -1.0, 0.0])
conv('edge-ui64-to-f64', 'ui64 -> f64 of exactly representable values, including 2^63 and 2^64 - 2^11.', 'ui64', [9223372036854775808, 18446744073709549568, 1], 'f64', [9223372036854775808.0, 18446744073709549568.0, 1.0])
conv('edge-float-widening', 'f32 -> f64 is exact, preserving -0, inf, NaN-ness and subnormals.', 'f32', [NZ, 'inf', 'nan', F32SUB, '0.1'], 'f64', [NZ, INF, NAN, F32SUB, float(rnd(mpf('0.1'), 'f32'))])
conv('edge-float-narrowing-exact', 'f64 -> f32 of exactly representable values: -0, +-inf, 0.5, f32 max, f32 min subnormal.', 'f64', [NZ, '-inf', 0.5, F32MAX, F32SUB], 'f32', [NZ, -INF, 0.5, F32MAX, F32SUB])
conv('edge-f16-to-f32', 'f16 -> f32 is exact, including f16 subnormals and max.', 'f16', [F16SUB, F16MAX, NZ, '-inf'], 'f32', [F16SUB, F16MAX, NZ, -INF])
conv('edge-bf16-to-f32', 'bf16 -> f32 is exact (bf16 is the top half of f32).', 'bf16', [BF16MAX, '0.1', NZ, 'inf'], 'f32', [BF16MAX, float(rnd(mpf('0.1'), 'bf16')), NZ, INF])
conv('edge-f32-to-f16-exact', 'f32 -> f16 of values exactly representable in f16 (max, subnormal, -0).', 'f32', [F16MAX, F16SUB, NZ, '-inf'], 'f16', [F16MAX, F16SUB, NZ, -INF])
conv('edge-bool-to-float', 'Spec: boolean false -> 0, true -> 1.', 'i1', [False, True], 'f32', [0.0, 1.0])
conv('edge-bool-to-int', 'Spec: boolean false -> 0, true -> 1.', 'i1', [False, True], 'i32', [0, 1])
conv('edge-to-bool', 'Spec: zero -> false, non-zero -> true (for floats, -0.0 is zero; subnormals are non-zero).', 'f32', [0.0, NZ, F32SUB, '-2.5', 'inf'], 'i1', [False, False, True, True, True])
conv('edge-int-to-bool', 'Spec: integer zero -> false, non-zero -> true.', 'i32', [0, 1, -1, -2147483648], 'i1', [False, True, True, True])
conv('edge-int-widening', 'Integer widening: sign extension for signed, zero extension for unsigned.', 'i8', [-1, -128, 127], 'i32', [-1, -128, 127])
conv('edge-unsigned-widening', 'ui8 -> si32 zero extension.', 'ui8', [255, 128, 0], 'i32', [255, 128, 0])
conv('edge-int-narrowing-exact', 'si64 -> si8 of values in range.', 'i64', [-128, 127, 0], 'i8', [-128, 127, 0])
conv('edge-complex-to-float', 'Spec: complex -> real ignores the imaginary part.', 'complex<f32>', [(1.5, 2.0), (NZ, 'nan')], 'f32', [1.5, NZ])
conv('edge-float-to-complex', 'Spec: real -> complex zeroes the imaginary part.', 'f32', [1.5, NZ, 'inf'], 'complex<f32>', [(1.5, 0.0), (NZ, 0.0), (INF, 0.0)])
conv('edge-complex-widening', 'complex<f32> -> complex<f64> converts both parts exactly.', 'complex<f32>', [(1.5, '0.1'), (NZ, 'inf')], 'complex<f64>', [(1.5, float(rnd(mpf('0.1'), 'f32'))), (NZ, INF)])

# ---------------------------------------------------------------- bitcast_convert
def bc(stem, comment, et, xs, rt, ys, ishape=None, rshape=None):
    ishape = shp(xs, ishape); rshape = shp(ys, rshape)
    lines = [const('operand', xs, et, ishape),
             '%%result = stablehlo.bitcast_convert %%operand : (%s) -> %s' % (ttype(ishape, et), ttype(rshape, rt)),
             check('result', ys, rt, rshape)]
    write('bitcast_convert', stem, comment, lines)
bc('example-1', ["From the spec's `bitcast_convert` example (f64 -> 4xf16, little-endian element order as the spec prints it;", 'note the spec calls the exact bit layout implementation-defined).'],
   'f64', ['0x0123456789ABCDEF'], 'f16', ['0xCDEF', '0x89AB', '0x4567', '0x0123'], ishape=(), rshape=(4,))
bc('edge-f32-to-i32', 'Same-width bitcast exposes IEEE-754 encodings: 1.0 -> 0x3F800000, -0.0 -> 0x80000000, +inf -> 0x7F800000, min subnormal -> 1.', 'f32', [1.0, NZ, 'inf', F32SUB], 'i32', [1065353216, -2147483648, 2139095040, 1])
bc('edge-i32-to-f32', 'Same-width bitcast int -> float: 0x7F800000 -> +inf, 0xFF800000 -> -inf, 0x80000000 -> -0.0, 1 -> min subnormal, 0x7F7FFFFF -> max.', 'i32', [2139095040, -8388608, -2147483648, 1, 2139095039], 'f32', [INF, -INF, NZ, F32SUB, F32MAX])
bc('edge-f64-to-i64', 'f64 encodings as si64: 1.0 -> 0x3FF0000000000000, -0.0 -> INT64_MIN, -inf -> 0xFFF0000000000000.', 'f64', [1.0, NZ, '-inf'], 'i64', [4607182418800017408, -9223372036854775808, -4503599627370496])
bc('edge-f16-to-ui16', 'f16 encodings as ui16: 1.0 -> 0x3C00, -0.0 -> 0x8000, inf -> 0x7C00, max -> 0x7BFF.', 'f16', [1.0, NZ, 'inf', F16MAX], 'ui16', [15360, 32768, 31744, 31743])
bc('edge-bf16-to-i16', 'bf16 encodings as si16: 1.0 -> 0x3F80, -0.0 -> 0x8000, -inf -> 0xFF80.', 'bf16', [1.0, NZ, '-inf'], 'i16', [16256, -32768, -128])
bc('edge-signed-unsigned', 'si8 <-> ui8 bitcast reinterprets two\'s complement: -1 -> 255, -128 -> 128.', 'i8', [-1, -128, 127], 'ui8', [255, 128, 127])
bc('edge-ui32-to-f32', 'ui32 -> f32: 0x3FC00000 -> 1.5, 0xBF800000 -> -1.0.', 'ui32', [1069547520, 3212836864], 'f32', [1.5, -1.0])

# ---------------------------------------------------------------- complex / real / imag
def cplx(stem, comment, et, re_, im_, shape=None):
    shape = shp(re_, shape)
    ct = 'complex<%s>' % et
    lines = [const('lhs', re_, et, shape), const('rhs', im_, et, shape),
             '%%result = stablehlo.complex %%lhs, %%rhs : %s' % ttype(shape, ct),
             check('result', [(R(et, a), R(et, b)) for a, b in zip([val(x, et)[1] if not isinstance(x, str) or x[0] not in '0' else x for x in re_], [val(x, et)[1] for x in im_])], ct, shape)]
    write('complex', stem, comment, lines)
cplx('example-1', "From the spec's `complex` example (f64 parts).", 'f64', [1.0, 3.0], [2.0, 4.0])
cplx('edge-special-values', 'complex keeps each part bit-exactly: -0.0, infinities, NaN, subnormals.', 'f32', [NZ, 'inf', 'nan', F32SUB], [0.0, '-inf', 1.0, NZ])
cplx('edge-f32', 'complex on f32 parts.', 'f32', ['0.1', -1.5], [F32MAX, '0.3'])
def part_op(op, stem, comment, et, xs, ys, shape=None):
    shape = shp(xs, shape)
    ct = 'complex<%s>' % et
    lines = [const('operand', xs, ct, shape), '%%result = stablehlo.%s %%operand : (%s) -> %s' % (op, ttype(shape, ct), ttype(shape, et)),
             check('result', ys, et, shape)]
    write(op, stem, comment, lines)
part_op('real', 'example-1', "From the spec's `real` example (complex<f32>).", 'f32', [(1.0, 2.0), (3.0, 4.0)], [1.0, 3.0])
part_op('real', 'edge-special-values', 'real extracts the real part bit-exactly: -0.0, inf, NaN, subnormal.', 'f32', [(NZ, 1.0), ('-inf', 'nan'), ('nan', 0.0), (F32SUB, 'inf')], [NZ, -INF, NAN, F32SUB])
part_op('real', 'edge-f64', 'real on complex<f64>.', 'f64', [(F64MAX, -1.0), (F64SUB, 2.0)], [F64MAX, F64SUB])
part_op('imag', 'example-1', "From the spec's `imag` example (complex<f32>).", 'f32', [(1.0, 2.0), (3.0, 4.0)], [2.0, 4.0])
part_op('imag', 'edge-special-values', 'imag extracts the imaginary part bit-exactly: -0.0, inf, NaN, subnormal.', 'f32', [(1.0, NZ), ('nan', '-inf'), (0.0, 'nan'), ('inf', F32SUB)], [NZ, -INF, NAN, F32SUB])
part_op('imag', 'edge-f64', 'imag on complex<f64>.', 'f64', [(-1.0, F64MAX), (2.0, F64SUB)], [F64MAX, F64SUB])
for op, ys, what in (('real', [1.5, NZ, INF], 'real(x) = x'), ('imag', [0.0, 0.0, 0.0], 'imag(x) = +0')):
    lines = [const('operand', [1.5, NZ, 'inf'], 'f32'), '%%result = stablehlo.%s %%operand : (tensor<3xf32>) -> tensor<3xf32>' % op, check('result', ys, 'f32')]
    write(op, 'edge-real-operand', 'Spec: for a floating-point (non-complex) operand, %s.' % what, lines)

# ---------------------------------------------------------------- reduce_precision
def rp(stem, comment, et, xs, e, m, ys, shape=None):
    shape = shp(xs, shape)
    lines = [const('operand', xs, et, shape),
             '%%output = stablehlo.reduce_precision %%operand, format = e%dm%d : %s' % (e, m, ttype(shape, et)),
             check('output', [R(et, y) for y in ys], et, shape)]
    write('reduce_precision', stem, comment, lines)
write('reduce_precision', 'example-1', ["From the spec's `reduce_precision` example (f64 to e5m10 and back): +inf, NaN, f64 denormal -> 0,", '0 -> 0, 65519 -> 65504, 65520 -> +inf (generic form as in the spec).'], [
    const('operand', ['0x7FF0000000000000', '0x7FFFFFFFFFFFFFFF', '0x0000000000000001', 0.0, 65519.0, 65520.0], 'f64'),
    '%output = "stablehlo.reduce_precision"(%operand) {\n  exponent_bits = 5 : i32,\n  mantissa_bits = 10 : i32\n} : (tensor<6xf64>) -> tensor<6xf64>',
    check('output', [INF, NAN, 0.0, 0.0, 65504.0, INF], 'f64')])
rp('edge-round-to-even', 'Mantissa rounding is round-to-nearest-even: with 10 mantissa bits 1 + 2^-11 -> 1 (tie, even), 1 + 3*2^-11 -> 1 + 2^-9, 1 + 2^-11 + 2^-20 -> 1 + 2^-10.', 'f32',
   [1.0 + 2.0**-11, 1.0 + 3 * 2.0**-11, 1.0 + 2.0**-11 + 2.0**-20, -(1.0 + 2.0**-11)], 5, 10, [1.0, 1.0 + 2.0**-9, 1.0 + 2.0**-10, -1.0])
rp('edge-overflow', 'Values that round above the e5m10 maximum (65504) overflow to infinity with the original sign; 65519 stays finite.', 'f32', [65520.0, -65520.0, 65519.0, 1e10], 5, 10, [INF, -INF, 65504.0, INF])
rp('edge-underflow', 'Spec: values whose exponent is below the reduced range underflow to zero with the original sign (e5m10: 2^-15 and 2^-24 -> 0); 2^-14 is kept.', 'f32', [2.0**-14, 2.0**-15, -(2.0**-15), 2.0**-24], 5, 10, [2.0**-14, 0.0, NZ, 0.0])
rp('edge-nan-inf-zero', 'NaN stays NaN (even when the payload is only in the dropped low mantissa bits, 0x7F800001); +-inf and +-0 are unchanged.', 'f32', ['0x7F800001', 'nan', '-inf', NZ], 5, 10, [NAN, NAN, -INF, NZ])
rp('edge-bf16-format', ['e8m7 (the bf16 format) on f32: round-to-nearest-even of the mantissa field to 7 bits; f32 max rounds up into inf;', 'the f32 subnormal 2^-149 rounds to 0 (its mantissa field 0x000001 is below half of the new last bit).'], 'f32', [1.0 + 2.0**-8, 1.0 + 3 * 2.0**-8, F32MAX, F32SUB], 8, 7, [1.0, 1.0 + 2.0**-6, INF, 0.0])
rp('edge-identity', ['e8m23 on f32 is the identity: neither the mantissa step (23 bits kept) nor the exponent step (8 bits fit)', 'changes anything, so the subnormal 2^-149 is kept (as in the upstream StableHLO interpreter).'], 'f32', ['0.1', F32SUB, F32MAX, NZ], 8, 23, [mpf(float(rnd(mpf('0.1'), 'f32'))), F32SUB, F32MAX, NZ])
rp('edge-f16-e5m2', 'e5m2 (an f8 format) on f16: 3 significant bits, ties to even; max e5m2 value is 57344.', 'f16', [1.125, 1.375, 60000.0, 61440.0], 5, 2, [1.0, 1.5, 57344.0, INF])
rp('edge-f64-e8m23', 'e8m23 (f32 format) on f64: rounds to f32 precision; above the f32 range -> inf; 1e-40 (f32-subnormal range) underflows to 0 per the spec rule.', 'f64', ['0.1', 3.5e38, 1e-40], 8, 23, [rnd(mpf('0.1'), 'f32'), INF, 0.0])

# ---------------------------------------------------------------- iota
def iota(stem, comment, shape, ety, dim, vals, generic=False):
    if generic:
        l = '%%output = "stablehlo.iota"() {\n  iota_dimension = %d : i64\n} : () -> %s' % (dim, ttype(shape, ety))
    else:
        l = '%%output = stablehlo.iota dim = %d : %s' % (dim, ttype(shape, ety))
    write('iota', stem, comment, [l, check('output', vals, ety, shape)])
import itertools
def iv(shape, dim, conv=lambda i: i):
    return [conv(idx[dim]) for idx in itertools.product(*[range(s) for s in shape])]
iota('example-1', "From the spec's first `iota` example (4x5xi32, iota_dimension = 0).", (4, 5), 'i32', 0, iv((4, 5), 0), generic=True)
iota('example-2', "From the spec's second `iota` example (4x5xi32, iota_dimension = 1).", (4, 5), 'i32', 1, iv((4, 5), 1), generic=True)
iota('edge-f32', 'iota on f32 values.', (2, 3), 'f32', 1, iv((2, 3), 1, float))
iota('edge-rank3', 'iota along the last dimension of a rank-3 tensor (ui64).', (2, 3, 2), 'ui64', 2, iv((2, 3, 2), 2))
iota('edge-rank1-ui8', 'iota on ui8 up to 255.', (256,), 'ui8', 0, iv((256,), 0))
iota('edge-bf16', 'iota on bf16 (all indices exactly representable).', (5,), 'bf16', 0, iv((5,), 0, float))
iota('edge-f16', 'iota on f16 along dimension 0.', (3, 2), 'f16', 0, iv((3, 2), 0, float))
iota('edge-complex', 'iota on complex<f32>: real part is the index, imaginary part zero.', (3,), 'complex<f32>', 0, [(float(i), 0.0) for i in range(3)])

# ---------------------------------------------------------------- constant
write('constant', 'example-1', "From the spec's `constant` example (generic form).", [
    '%output = "stablehlo.constant"() {\n  value = dense<[[0.0, 1.0], [2.0, 3.0]]> : tensor<2x2xf32>\n} : () -> tensor<2x2xf32>',
    check('output', [0.0, 1.0, 2.0, 3.0], 'f32', (2, 2))])
def cst(stem, comment, ety, xs, shape=None):
    write('constant', stem, comment, [const('c', xs, ety, shape), check('c', xs, ety, shp(xs, shape))])
cst('edge-special-floats', 'f32 constants: -0.0, +-inf, NaN, min subnormal, max, min normal.', 'f32', [NZ, 'inf', '-inf', 'nan', F32SUB, F32MAX, F32MIN])
cst('edge-f64', 'f64 constants: max, min subnormal, -0.0, 0.1.', 'f64', [F64MAX, F64SUB, NZ, '0.1'])
cst('edge-f16', 'f16 constants: max, min subnormal, -0.0, inf.', 'f16', [F16MAX, F16SUB, NZ, 'inf'])
cst('edge-bf16', 'bf16 constants: max, -0.0, -inf, 0.1 rounded.', 'bf16', [BF16MAX, NZ, '-inf', '0.1'])
cst('edge-int-extremes', 'si8 constants at the extremes.', 'i8', [-128, 127, 0, -1])
cst('edge-i64-extremes', 'si64 constants at the extremes.', 'i64', [-9223372036854775808, 9223372036854775807])
cst('edge-ui64', 'ui64 constants at the extremes.', 'ui64', [0, 18446744073709551615])
cst('edge-bool', 'i1 constants.', 'i1', [True, False])
cst('edge-complex', 'complex<f64> constants with special parts.', 'complex<f64>', [(1.0, -2.0), (NZ, 'inf')])
cst('edge-scalar', 'A rank-0 constant.', 'i32', [42], shape=())
write('constant', 'edge-splat', 'A splat constant fills every element.', [
    '%c = stablehlo.constant dense<1.5> : tensor<2x3xf32>', check('c', [1.5] * 6, 'f32', (2, 3))])
write('constant', 'edge-empty', 'A constant with a zero-sized dimension.', [
    '%c = stablehlo.constant dense<> : tensor<0xf32>', 'check.expect_eq_const %c, dense<> : tensor<0xf32>'])
