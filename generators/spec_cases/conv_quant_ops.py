"""Spec cases for convolution, rng_bit_generator (the spec's THREE_FRY example only: every other
output is implementation-defined), uniform_quantize and uniform_dequantize. Convolution expected
values come from ref_convolution below, written from the spec's formulas (pad / slice / reverse /
dot_general, with the feature_group_count and batch_group_count splits); the inputs keep every sum
exact. Quantization values come from the spec's quantize/dequantize with exact (Fraction)
arithmetic and dyadic scales, so no intermediate rounding happens."""
import re
from fractions import Fraction
from shape_lib import *


# ---------------------------------------------------------------- convolution
def parse_dn(s):
    """'[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]' -> dict of dimension numbers"""
    a, k, o = re.match(r'\[(.*)\]x\[(.*)\]->\[(.*)\]', s).groups()
    a, k, o = [[x.strip() for x in p.split(',')] for p in (a, k, o)]
    n = len(a) - 2
    return dict(ib=a.index('b'), if_=a.index('f'), isp=[a.index(str(i)) for i in range(n)],
                kif=k.index('i'), kof=k.index('o'), ksp=[k.index(str(i)) for i in range(n)],
                ob=o.index('b'), of=o.index('f'), osp=[o.index(str(i)) for i in range(n)])

def ref_convolution(lhs, rhs, dnums, strides, padding, ldil, rdil, rev, fgc, bgc, zero):
    dn = parse_dn(dnums); n = len(dn['isp'])
    N = lhs.shape[dn['ib']]; O = rhs.shape[dn['kof']]; KI = rhs.shape[dn['kif']]
    # convolution (C25): the result's shape, from hloconf's rule (the number of windows per spatial dimension).
    rshape = inferred_shape('convolution', [lhs.shape, rhs.shape], 'window_strides = %s, padding = %s, lhs_dilation = %s, rhs_dilation = %s, '
                            'dimension_numbers = #stablehlo.conv<%s>, batch_group_count = %d : i64, feature_group_count = %d : i64' % (
                                arr(strides), dense2(padding), arr(ldil), arr(rdil), dnums, bgc, fgc))
    kspat = [rhs.shape[dn['ksp'][s]] for s in range(n)]
    def f(r):
        b = r[dn['ob']]; o = r[dn['of']]; pos = [r[dn['osp'][s]] for s in range(n)]
        g_f = o // (O // fgc); g_b = o // (O // bgc)
        bb = g_b * (N // bgc) + b
        acc = zero
        for k in idxs(kspat):
            li = [0] * (n + 2); ok = True
            for s in range(n):
                kk = kspat[s] - 1 - k[s] if rev[s] else k[s]
                p = pos[s] * strides[s] + kk * rdil[s] - padding[s][0]
                q, m = divmod(p, ldil[s])
                if p < 0 or m or q >= lhs.shape[dn['isp'][s]]: ok = False; break
                li[dn['isp'][s]] = q
            if not ok: continue
            for c in range(KI):
                li[dn['ib']] = bb; li[dn['if_']] = g_f * KI + c
                ri = [0] * (n + 2)
                for s in range(n): ri[dn['ksp'][s]] = k[s]
                ri[dn['kif']] = c; ri[dn['kof']] = o
                acc = acc + lhs[li] * rhs[ri]
        return acc
    return build(rshape, f)

def conv(stem, comment, ety, lhs, rhs, dnums, strides=None, padding=None, ldil=None, rdil=None, rev=None, fgc=1, bgc=1,
         printed=None, omit_defaults=False):
    dn = parse_dn(dnums); n = len(dn['isp'])
    s_ = strides or [1] * n; p_ = padding or [[0, 0]] * n; l_ = ldil or [1] * n; r_ = rdil or [1] * n; v_ = rev or [False] * n
    zero = 0.0 if is_float(ety) else 0
    r = ref_convolution(lhs, rhs, dnums, s_, p_, l_, r_, v_, fgc, bgc, zero)
    if is_float(ety):
        for x in r.data: assert rnd(mpf(x), ety) == x and abs(x) < 2 ** 11, x   # small integers: exact in any order
    if printed is not None: assert r.data == list(printed), (r.data, printed)
    at = []
    if strides or not omit_defaults: at.append(('window_strides', arr(s_)))
    if padding or not omit_defaults:
        at.append(('padding', dense2(p_) if any(any(x) for x in p_) else 'dense<0> : tensor<%dx2xi64>' % n))
    if ldil or not omit_defaults: at.append(('lhs_dilation', arr(l_)))
    if rdil or not omit_defaults: at.append(('rhs_dilation', arr(r_)))
    if rev or not omit_defaults: at.append(('window_reversal', 'array<i1: %s>' % ', '.join('true' if x else 'false' for x in v_)))
    at += [('dimension_numbers', '#stablehlo.conv<%s>' % dnums), ('batch_group_count', '%d : i64' % bgc),
           ('feature_group_count', '%d : i64' % fgc),
           ('precision_config', '[#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]')]
    write('convolution', stem, comment, [tconst('lhs', lhs, ety), tconst('rhs', rhs, ety),
        '%%result = "stablehlo.convolution"(%%lhs, %%rhs) %s : (%s, %s) -> %s' % (attrs(at), tty(lhs, ety), tty(rhs, ety), tty(r, ety)),
        tcheck('result', r, ety)])

conv('example-1', ["From the spec's `convolution` example (si64, NHWC input 1x4x4x1, 3x3 all-ones kernel,",
     'window_strides = [4, 4], lhs_dilation = [2, 2])'], 'i64',
     T([1, 2, 5, 6, 3, 4, 7, 8, 10, 11, 14, 15, 12, 13, 16, 17], (1, 4, 4, 1)), T([1] * 9, (3, 3, 1, 1)),
     '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]', strides=[4, 4], ldil=[2, 2], printed=[10, 26, 46, 62])
conv('edge-1d-valid', 'A 1-D f32 convolution (NCW layout [b, f, 0]x[o, i, 0]->[b, f, 0]), no padding: a sliding dot product.', 'f32',
     T([1.0, 2.0, 3.0, 4.0, 5.0], (1, 1, 5)), T([1.0, 0.0, -1.0], (1, 1, 3)), '[b, f, 0]x[o, i, 0]->[b, f, 0]')
conv('edge-padding', 'Edge padding [2, 1] pads with zeros (si32 1-D).', 'i32', T([1, 2, 3], (1, 3, 1)), T([1, 10, 100], (3, 1, 1)),
     '[b, 0, f]x[0, i, o]->[b, 0, f]', padding=[[2, 1]])
conv('edge-negative-padding', 'Negative padding [-1, -1] drops the first and last input elements (si32 1-D).', 'i32',
     T([1, 2, 3, 4, 5], (1, 5, 1)), T([1, 1], (2, 1, 1)), '[b, 0, f]x[0, i, o]->[b, 0, f]', padding=[[-1, -1]])
conv('edge-rhs-dilation', 'rhs_dilation = [2]: the kernel taps are 2 apart (si64 1-D, window strides 2).', 'i64',
     T(list(range(1, 8)), (1, 7, 1)), T([1, -1], (2, 1, 1)), '[b, 0, f]x[0, i, o]->[b, 0, f]', strides=[1], rdil=[2])
conv('edge-window-reversal', 'window_reversal = [true] reverses each window before the dot product (so the kernel is flipped).', 'i32',
     T([1, 2, 3, 4], (1, 4, 1)), T([1, 10, 100], (3, 1, 1)), '[b, 0, f]x[0, i, o]->[b, 0, f]', rev=[True])
conv('edge-multi-feature', 'Two input features and three output features (f32 2-D, 2x2 kernel, batch 2).', 'f32',
     T([float(x) for x in [1, 2, 3, 4, 5, 6, 7, 8, 9, -1, -2, -3, -4, -5, -6, -7, -8, -9] * 2], (2, 2, 3, 3)),
     T([float(x) for x in [1, 0, 0, 1, 2, 1, 1, 0, 0, 1, 1, 1, -1, 0, 2, 0, 1, 0, 0, 0, 1, 1, 0, 1]], (3, 2, 2, 2)),
     '[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]')
conv('edge-feature-group', ['feature_group_count = 2: input features {0, 1} and {2, 3} are convolved separately with',
     'output features {0} and {1} (si32 1-D).'], 'i32', T([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], (1, 3, 4)),
     T([1, 2, 3, 4, -1, -2, -3, -4], (2, 2, 2)), '[b, 0, f]x[0, i, o]->[b, 0, f]', fgc=2)
conv('edge-batch-group', ['batch_group_count = 2: lhs batches {0} and {1} go with output features {0, 1} and {2, 3};',
     'the result batch size is 2 / 2 = 1 (si32 1-D).'], 'i32', T([1, 2, 3, 4, 10, 20, 30, 40], (2, 4, 1)),
     T([1, 1, 1, -1, 2, 0, 0, 2], (2, 1, 4)), '[b, 0, f]x[0, i, o]->[b, 0, f]', bgc=2)
conv('edge-output-layout', 'Output dimension order differs from the input order ([b, 0, f] -> [f, b, 0]), f32.', 'f32',
     T([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], (2, 3, 1)), T([1.0, 2.0, 0.5, -1.0], (2, 1, 2)), '[b, 0, f]x[0, i, o]->[f, b, 0]')
conv('edge-empty-window', 'The dilated window (size 5) is larger than the input (size 3): zero windows, empty result.', 'f32',
     T([1.0, 2.0, 3.0], (1, 3, 1)), T([1.0, 1.0, 1.0], (3, 1, 1)), '[b, 0, f]x[0, i, o]->[b, 0, f]', rdil=[2])
conv('edge-defaults-omitted', 'The optional window attributes left out (defaults: strides 1, no padding, no dilation).', 'f64',
     T([0.5, 1.5, -2.0, 4.0], (1, 4, 1)), T([2.0, -1.0], (2, 1, 1)), '[b, 0, f]x[0, i, o]->[b, 0, f]', omit_defaults=True)

# ---------------------------------------------------------------- rng_bit_generator
write('rng_bit_generator', 'example-1', ["From the spec's `rng_bit_generator` example (THREE_FRY, initial_state [1, 2]).",
      'Only this example is checked: the spec calls the algorithms implementation-defined variants.'], [
    '%initial_state = stablehlo.constant dense<[1, 2]> : tensor<2xui64>',
    '%output_state, %output = "stablehlo.rng_bit_generator"(%initial_state) {\n  rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>\n} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui64>)',
    'check.expect_eq_const %output_state, dense<[1, 6]> : tensor<2xui64>',
    'check.expect_eq_const %output, dense<[[9236835810183407956, 16087790271692313299], [18212823393184779219, 2658481902456610144]]> : tensor<2x2xui64>'])

# ---------------------------------------------------------------- uniform_quantize / uniform_dequantize
SMIN = {'i8': -128, 'ui8': 0, 'i16': -32768, 'i32': -2**31}
SMAX = {'i8': 127, 'ui8': 255, 'i16': 32767, 'i32': 2**31 - 1}

def qtype(st, et, params, axis=None):
    """params: list of (scale str, zp); axis None = per-tensor"""
    if axis is None:
        return '!quant.uniform<%s:%s, %s:%d>' % (st, et, params[0][0], params[0][1])
    return '!quant.uniform<%s:%s:%d, {%s}>' % (st, et, axis, ','.join('%s:%d' % p for p in params))

def pscale(params, axis, idx, et):
    s, z = params[0 if axis is None else idx[axis]]
    return Fraction(rnd(mpf(s), et)), z

def rne(q):
    f = q.numerator // q.denominator; r = q - f
    if r > Fraction(1, 2) or (r == Fraction(1, 2) and f % 2): f += 1
    return f

def quantize(x, st, params, axis, idx, et):
    s, z = pscale(params, axis, idx, et)
    v = Fraction(x) / s + z
    assert Fraction(rnd(mpf(v.numerator) / v.denominator, et)) == v, 'inexact quantize'
    v = min(max(v, SMIN[st]), SMAX[st])
    return rne(v)

def dequantize(q, st, params, axis, idx, et):
    s, z = pscale(params, axis, idx, et)
    d = Fraction(rnd(mpf(q - z), et))           # convert(x_storage_sub, expressed_type)
    v = d * s
    return rnd(mpf(v.numerator) / v.denominator, et)

def uq(stem, comment, et, xs, shape, st, params, axis=None, printed=None):
    x = T(xs, shape)
    qt = qtype(st, et, params, axis)
    r = build(shape, lambda i: quantize(x[i], st, params, axis, i, et))
    if printed is not None: assert r.data == printed, (r.data, printed)
    tq = ttype(shape, qt)
    write('uniform_quantize', stem, comment, [tconst('operand', x, et),
        '%%result = "stablehlo.uniform_quantize"(%%operand) : (%s) -> %s' % (tty(x, et), tq),
        '%%storage = "stablehlo.bitcast_convert"(%%result) : (%s) -> %s' % (tq, ttype(shape, st)),
        tcheck('storage', r, st)])

def uq2(stem, comment, et, qs, shape, st, params, axis, st2, params2, axis2, printed=None):
    """quantized -> quantized"""
    q = T(qs, shape)
    f = build(shape, lambda i: dequantize(q[i], st, params, axis, i, et))
    r = build(shape, lambda i: quantize(f[i], st2, params2, axis2, i, et))
    if printed is not None: assert r.data == printed, (r.data, printed)
    t1 = ttype(shape, qtype(st, et, params, axis)); t2 = ttype(shape, qtype(st2, et, params2, axis2))
    write('uniform_quantize', stem, comment, [tconst('storage_in', q, st),
        '%%operand = "stablehlo.bitcast_convert"(%%storage_in) : (%s) -> %s' % (ttype(shape, st), t1),
        '%%result = "stablehlo.uniform_quantize"(%%operand) : (%s) -> %s' % (t1, t2),
        '%%storage = "stablehlo.bitcast_convert"(%%result) : (%s) -> %s' % (t2, ttype(shape, st2)),
        tcheck('storage', r, st2)])

def udq(stem, comment, et, qs, shape, st, params, axis=None, printed=None):
    q = T(qs, shape)
    r = build(shape, lambda i: dequantize(q[i], st, params, axis, i, et))
    if printed is not None: assert r.data == printed, (r.data, printed)
    t1 = ttype(shape, qtype(st, et, params, axis))
    write('uniform_dequantize', stem, comment, [tconst('storage', q, st),
        '%%operand = "stablehlo.bitcast_convert"(%%storage) : (%s) -> %s' % (ttype(shape, st), t1),
        '%%result = "stablehlo.uniform_dequantize"(%%operand) : (%s) -> %s' % (t1, ttype(shape, et)),
        tcheck('result', r, et)])

# The spec's scales 0.1/0.2 are not dyadic; the quotient rounding cannot move these results
# (4.0 / f32(0.1) - 30 ~ 10.0, 15.0 / 0.5 - 20 = 10), so the printed values are checked directly.
write('uniform_quantize', 'example-1', ["From the spec's first `uniform_quantize` example (f32 -> per-axis i8 quantized,",
      'scales 0.1 / 0.5, zero points -30 / -20); the storage values are read back with bitcast_convert.'], [
    '%operand = stablehlo.constant dense<[4.0, 15.0]> : tensor<2xf32>',
    '%result = "stablehlo.uniform_quantize"(%operand) : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>',
    '%storage = "stablehlo.bitcast_convert"(%result) : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> tensor<2xi8>',
    'check.expect_eq_const %storage, dense<[10, 10]> : tensor<2xi8>'])
write('uniform_quantize', 'example-2', ["From the spec's second `uniform_quantize` example (requantize per-axis i8 {0.1:-30, 0.5:-20}",
      '-> {0.1:-20, 0.2:-30}); operand storage and result storage go through bitcast_convert.'], [
    '%storage_in = stablehlo.constant dense<[10, 10]> : tensor<2xi8>',
    '%operand = "stablehlo.bitcast_convert"(%storage_in) : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>',
    '%result = "stablehlo.uniform_quantize"(%operand) : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-20,0.2:-30}>>',
    '%storage = "stablehlo.bitcast_convert"(%result) : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-20,0.2:-30}>>) -> tensor<2xi8>',
    'check.expect_eq_const %storage, dense<[20, 45]> : tensor<2xi8>'])
uq('edge-ties-even', 'Per-tensor scale 0.5, zero point 0: x / 0.5 = 0.5, 1.5, 2.5, -0.5, -2.5 round half to even.', 'f32',
   [0.25, 0.75, 1.25, -0.25, -1.25], (5,), 'i8', [('0.5', 0)])
uq('edge-clamp', 'Values outside the storage range clamp to storage_min / storage_max (i8, scale 0.25, zero point 3).', 'f32',
   [100.0, -100.0, 31.0, -32.75], (4,), 'i8', [('0.25', 3)])
uq('edge-ui8', 'ui8 storage with zero point 128 (scale 2.0).', 'f32', [0.0, -256.0, 254.0, 3.0, -3.0], (5,), 'ui8', [('2.0', 128)])
uq('edge-per-axis-dim1', 'Per-axis quantization along dimension 1 of a 2x2 operand (scales 0.5 / 4.0, zero points 1 / -2).', 'f32',
   [1.0, 8.0, -1.0, -8.0], (2, 2), 'i8', [('0.5', 1), ('4.0', -2)], axis=1)
uq('edge-f16-expressed', 'f16 expressed type, i8 storage, scale 0.125, zero point -5 (the last value clamps to 127).', 'f16',
   [1.5, -3.0, 100.0], (3,), 'i8', [('0.125', -5)])
uq2('edge-requantize-exact', 'Requantize i8 {0.5:10} -> i8 {0.25:-4} (dequantize then quantize, all exact).', 'f32',
    [10, 12, 0, 127], (4,), 'i8', [('0.5', 10)], None, 'i8', [('0.25', -4)], None)
write('uniform_dequantize', 'example-1', ["From the spec's `uniform_dequantize` example (per-axis i8, scales 0.1 / 0.5, zero points",
      '-30 / -20): (10 + 30) * f32(0.1) rounds to 4.0 and (10 + 20) * 0.5 = 15.0.'], [
    '%storage = stablehlo.constant dense<[10, 10]> : tensor<2xi8>',
    '%operand = "stablehlo.bitcast_convert"(%storage) : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>',
    '%result = "stablehlo.uniform_dequantize"(%operand) : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> tensor<2xf32>',
    'check.expect_eq_const %result, dense<[4.0, 15.0]> : tensor<2xf32>'])
udq('edge-per-tensor', 'Per-tensor i8 {0.25:-3}: (q + 3) * 0.25 for storage extremes and zero point.', 'f32', [-128, -3, 0, 127], (4,), 'i8', [('0.25', -3)])
udq('edge-ui8', 'ui8 storage with zero point 128, scale 2.0.', 'f32', [0, 128, 255], (3,), 'ui8', [('2.0', 128)])
udq('edge-per-axis-dim0', 'Per-axis along dimension 0 of 2x3 (scales 0.5 / 8.0, zero points 0 / 1).', 'f32',
    [1, 2, 3, 1, 0, -1], (2, 3), 'i8', [('0.5', 0), ('8.0', 1)], axis=0)
udq('edge-f16-expressed', 'f16 expressed type with i8 storage, scale 0.125, zero point 7.', 'f16', [7, 127, -128], (3,), 'i8', [('0.125', 7)])
