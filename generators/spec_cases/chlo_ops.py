"""cases/chlo.<op>/: edge cases of the chlo ops (/work/shared/spec/chlo.md) that the reference evaluates
(docs/design/chlo.md). chlo.md gives formulas but no worked examples, so every file is an edge case:
exact values from mpmath at 400 bits (lib.py), each rounded once to the result type; special values
from IEEE 754 / C Annex F and G where those define the function, or docs/design/chlo.md's choices."""
from common import *
import math, struct

def chlo_write(op, stem, comment, notes, operands, result_line, expected, rety, shape):
    body = [const(name, xs, ety, shape) for name, xs, ety in operands]
    body.append(result_line)
    body.append(check('result', [R(rety, y) for y in expected], rety, shape))
    write('chlo.' + op, stem, [comment] + notes, body)

def cu(op, stem, comment, ety, xs, ys, fn=None, rety=None):
    """chlo unary `chlo.<op> %operand : T -> R`; ys entries None: fn(exact input), rounded."""
    rety = rety or ety
    outs, notes = exact_outputs(ety, [(x,) for x in xs], ys, fn)
    shape = (len(xs),)
    line = '%%result = chlo.%s %%operand : %s -> %s' % (op, ttype(shape, ety), ttype(shape, rety))
    chlo_write(op, stem, comment, notes, [('operand', xs, ety)], line, outs, rety, shape)

def cb(op, stem, comment, ety, xs, ys, zs, fn=None, names=('lhs', 'rhs')):
    """chlo binary `chlo.<op> %a, %b : T, T -> T`; zs entries None: fn(exact inputs), rounded."""
    outs, notes = exact_outputs(ety, list(zip(xs, ys)), zs, fn)
    shape = (len(xs),); t = ttype(shape, ety)
    line = '%%result = chlo.%s %%%s, %%%s : %s, %s -> %s' % (op, names[0], names[1], t, t, t)
    chlo_write(op, stem, comment, notes, [(names[0], xs, ety), (names[1], ys, ety)], line, outs, ety, shape)

def cuc(op, stem, comment, ety, xs, fn, ys=None):
    """chlo unary on complex operands: each part of the exact value rounded once."""
    outs, notes = complex_exact_outputs(ety, xs, fn, ys)
    shape = (len(xs),); t = ttype(shape, ety)
    chlo_write(op, stem, comment, notes, [('operand', xs, ety)], '%%result = chlo.%s %%operand : %s -> %s' % (op, t, t), outs, ety, shape)

lgamma = lambda x: mp.log(abs(mp.gamma(x)))
i1e = lambda x: mp.besseli(1, x) * mp.exp(-abs(x))

# ---------------------------------------------------------------- inverse trigonometric and hyperbolic
for op, fn, f32_in, f64_in, bf16_in in [
        ('acos', mp.acos, ['0.5', '-0.3', '0.999', '1e-8'], ['0.1', '-0.99999'], ['0.5', '-0.75']),
        ('asin', mp.asin, ['0.5', '-0.3', '0.999', '1e-8'], ['0.1', '-0.99999'], ['0.5', '-0.75']),
        ('atan', mp.atan, ['0.5', '-3.0', '1e10', '1e-8'], ['0.1', '-1e300'], ['0.5', '-100.0']),
        ('acosh', mp.acosh, ['1.5', '2.0', '1e30', '1.0000001'], ['10.0', '1e300'], ['1.5', '100.0']),
        ('asinh', mp.asinh, ['0.5', '-3.0', '1e30', '1e-8'], ['0.1', '-1e300'], ['0.5', '-100.0']),
        ('atanh', mp.atanh, ['0.5', '-0.3', '0.9999999', '1e-8'], ['0.1', '-0.99999'], ['0.5', '-0.75']),
        ('cosh', mp.cosh, ['0.5', '-3.0', '88.0', '1e-4'], ['0.1', '-700.0'], ['0.5', '-10.0']),
        ('sinh', mp.sinh, ['0.5', '-3.0', '88.0', '1e-8'], ['0.1', '-700.0'], ['0.5', '-10.0']),
        # tan near pi/2 (1.5707964 in f32 is 1.5707963705…, past pi/2: a large negative value) and at 1e10.
        ('tan', mp.tan, ['0.5', '-3.0', '1.5707964', '1e10'], ['0.1', '1.5707963267948966'], ['0.5', '-100.0'])]:
    cu(op, 'edge-rounding-f32', '%s of f32 arguments, correctly rounded.' % op, 'f32', f32_in, [None] * len(f32_in), fn)
    cu(op, 'edge-f64', '%s of f64 arguments, correctly rounded.' % op, 'f64', f64_in, [None] * len(f64_in), fn)
    cu(op, 'edge-bf16', '%s on bf16: the exact value of the bf16 input, rounded once.' % op, 'bf16', bf16_in, [None] * len(bf16_in), fn)

cu('acos', 'edge-special', 'acos(1) = +0, acos(-1) = pi, acos outside [-1, 1] and of NaN is NaN.', 'f32',
   [1.0, -1.0, 2.0, '-inf', 'nan'], [0.0, None, NAN, NAN, NAN], mp.acos)
cu('asin', 'edge-special', 'asin(+-0) = +-0, asin(+-1) = +-pi/2, asin outside [-1, 1] is NaN.', 'f32',
   [0.0, NZ, 1.0, -1.0, 1.5, 'nan'], [0.0, NZ, None, None, NAN, NAN], mp.asin)
cu('atan', 'edge-special', 'atan(+-0) = +-0, atan(+-inf) = +-pi/2, NaN propagates.', 'f32',
   [0.0, NZ, 'inf', '-inf', 'nan'], [0.0, NZ, None, None, NAN], lambda x: mp.pi / 2 if x > 0 else -mp.pi / 2)
cu('acosh', 'edge-special', 'acosh(1) = +0, acosh(+inf) = +inf, acosh below 1 (0.5, -1, -inf) is NaN.', 'f32',
   [1.0, 'inf', 0.5, -1.0, '-inf', 'nan'], [0.0, INF, NAN, NAN, NAN, NAN])
cu('asinh', 'edge-special', 'asinh(+-0) = +-0, asinh(+-inf) = +-inf, NaN propagates.', 'f32',
   [0.0, NZ, 'inf', '-inf', 'nan'], [0.0, NZ, INF, -INF, NAN])
cu('atanh', 'edge-special', 'atanh(+-0) = +-0, atanh(+-1) = +-inf (poles), atanh outside [-1, 1] is NaN.', 'f32',
   [0.0, NZ, 1.0, -1.0, 1.5, '-inf', 'nan'], [0.0, NZ, INF, -INF, NAN, NAN, NAN])
cu('cosh', 'edge-special', 'cosh(+-0) = 1, cosh(+-inf) = +inf, overflow beyond 89.4159 in f32.', 'f32',
   [0.0, NZ, 'inf', '-inf', 90.0, 'nan'], [1.0, 1.0, INF, INF, INF, NAN])
cu('sinh', 'edge-special', 'sinh(+-0) = +-0, sinh(+-inf) = +-inf, overflow beyond 89.4159 in f32.', 'f32',
   [0.0, NZ, 'inf', '-inf', -90.0, 'nan'], [0.0, NZ, INF, -INF, -INF, NAN])

# Complex: C Annex G branch cuts; the sign of a zero imaginary part picks the side of the cut.
ACOSH2 = mp.acosh(2)
cuc('asin', 'edge-complex', ['asin on complex<f64>; on the cut (real axis beyond 1) the sign of the zero imaginary part',
    'picks the side: asin(2 +- 0i) = pi/2 +- i acosh(2) (C Annex G).'], 'complex<f64>',
    [('0.5', '0.25'), ('-3.0', '1.0'), (2.0, 0.0), (2.0, NZ)], mp.asin,
    ys=[None, None, (mp.pi / 2, ACOSH2), (mp.pi / 2, -ACOSH2)])
cuc('acos', 'edge-complex', ['acos on complex<f64>; acos(2 +- 0i) = 0 -+ i acosh(2) on the cut (C Annex G).'], 'complex<f64>',
    [('0.5', '0.25'), ('-3.0', '1.0'), (2.0, 0.0), (2.0, NZ)], mp.acos, ys=[None, None, (0.0, -ACOSH2), (0.0, ACOSH2)])
def asin_acos_kernel(z):
    """chlo.md's w with asin(z) = complex(atan2(x, w.re), sign(y) w.im): with A = (|z + 1| + |z - 1|)/2
    (Hull et al.), w = sqrt(A^2 - x^2) + i acosh(A); at 5000 bits, enough for A^2 - x^2 at |z| = 1e300."""
    with mp.workprec(5000):
        a = (abs(z + 1) + abs(z - 1)) / 2
        return mpc(mp.sqrt(a * a - z.real ** 2), mp.acosh(a))
cuc('_asin_acos_kernel', 'edge-complex-f64', ['_asin_acos_kernel(z) = w, the intermediate of the asin/acos/asinh/acosh decompositions',
    '(chlo.md): w = sqrt(A^2 - x^2) + i acosh(A), A = (|z + 1| + |z - 1|)/2, each part rounded once;',
    'on the cut (-2 + 0i) w.re is 0; tiny and huge parts need thousands of bits for A^2 - x^2.'], 'complex<f64>',
    [('0.5', '0.25'), (-2.0, 0.0), ('3.0', '-1.5'), (0.0, '1e-300'), ('1e300', '1e-300'), ('-0.75', '-2.5')], asin_acos_kernel)
cuc('_asin_acos_kernel', 'edge-complex-f32', ['_asin_acos_kernel on complex<f32>, each part correctly rounded.'], 'complex<f32>',
    [('0.5', '0.25'), ('-3.0', '1.0'), ('1e-20', '-1e-20')], asin_acos_kernel)
cuc('tan', 'edge-complex', ['tan on complex<f64>, each part correctly rounded; tan(0 + 30i) has real part 0 and',
    'imaginary part tanh(30), 1 - 2e-26, which rounds to 1.'], 'complex<f64>', [('0.5', '0.25'), ('-3.0', '1.0'), (0.0, '30.0')], mp.tan)
cuc('atan', 'edge-complex', ['atan on complex<f32>, each part correctly rounded.'], 'complex<f32>', [('0.5', '0.25'), ('-3.0', '1.0')], mp.atan)
cuc('asinh', 'edge-complex', ['asinh on complex<f32>, each part correctly rounded.'], 'complex<f32>', [('0.5', '0.25'), ('-3.0', '1.0')], mp.asinh)
cuc('acosh', 'edge-complex', ['acosh on complex<f64>, each part correctly rounded.'], 'complex<f64>', [('0.5', '0.25'), ('-3.0', '1.0')], mp.acosh)
cuc('atanh', 'edge-complex', ['atanh on complex<f64>, each part correctly rounded.'], 'complex<f64>', [('0.5', '0.25'), ('-3.0', '1.0')], mp.atanh)
cuc('cosh', 'edge-complex', ['cosh on complex<f32>, each part correctly rounded.'], 'complex<f32>', [('0.5', '0.25'), ('-3.0', '1.0')], mp.cosh)
cuc('sinh', 'edge-complex', ['sinh on complex<f32>, each part correctly rounded.'], 'complex<f32>', [('0.5', '0.25'), ('-3.0', '1.0')], mp.sinh)

# ---------------------------------------------------------------- error function and gamma family
cu('erf', 'edge-rounding-f32', 'erf of f32 arguments, correctly rounded.', 'f32', ['0.5', '-1.5', '3.9', '1e-8'], [None] * 4, mp.erf)
cu('erf', 'edge-f64', 'erf of f64 arguments, correctly rounded (erf(6) is within 2^-53 of 1: rounds to 1).', 'f64', ['0.1', '-2.5', '6.0'], [None] * 3, mp.erf)
cu('erf', 'edge-f16', 'erf on f16.', 'f16', ['0.5', '-1.0', '2.0'], [None] * 3, mp.erf)
cu('erf', 'edge-special', 'erf(+-0) = +-0, erf(+-inf) = +-1, NaN propagates.', 'f32', [0.0, NZ, 'inf', '-inf', 'nan'], [0.0, NZ, 1.0, -1.0, NAN])
cu('erfc', 'edge-rounding-f32', 'erfc of f32 arguments, correctly rounded; erfc(10) is an f32 subnormal-free tiny value.', 'f32', ['0.5', '-1.5', '10.0', '1e-8'], [None] * 4, mp.erfc)
cu('erfc', 'edge-f64', 'erfc of f64 arguments; erfc(27) is an f64 subnormal, erfc(28) rounds to +0.', 'f64', ['0.1', '27.0', '28.0'], [None] * 3, mp.erfc)
cu('erfc', 'edge-special', 'erfc(+-0) = 1, erfc(+inf) = +0, erfc(-inf) = 2, NaN propagates.', 'f32', [0.0, NZ, 'inf', '-inf', 'nan'], [1.0, 1.0, 0.0, 2.0, NAN])
cu('erf_inv', 'edge-rounding-f32', 'erf_inv of f32 arguments, correctly rounded (docs/design/chlo.md: Newton on erf with an enclosure).', 'f32',
   ['0.5', '-0.25', '0.999', '1e-30'], [None] * 4, mp.erfinv)
cu('erf_inv', 'edge-f64', ['erf_inv of f64 arguments, among them the largest f64 below 1 (erf(y) within 2^-53 of 1)',
   'and a subnormal.'], 'f64', ['0.1', float.fromhex('0x1.fffffffffffffp-1'), 2.0 ** -1070], [None] * 3, mp.erfinv)
cu('erf_inv', 'edge-special', 'erf_inv(+-0) = +-0, erf_inv(+-1) = +-inf, outside [-1, 1] and NaN give NaN.', 'f32',
   [0.0, NZ, 1.0, -1.0, 1.5, 'nan'], [0.0, NZ, INF, -INF, NAN, NAN])
cu('lgamma', 'edge-rounding-f32', 'lgamma = log|Gamma(x)| (C lgamma), also where Gamma(x) < 0 (-2.5).', 'f32', ['0.5', '3.0', '-2.5', '1e30'], [None] * 4, lgamma)
cu('lgamma', 'edge-f64', ['lgamma of f64 arguments; near its zero at 2 the result is tiny; 1e306 overflows f64.'], 'f64', ['0.1', '2.0000001', '-7.25', '1e306'], [None] * 4, lgamma)
cu('lgamma', 'edge-special', 'lgamma(1) = lgamma(2) = +0; +inf at 0, at the negative integers and at +inf; NaN propagates.', 'f32',
   [1.0, 2.0, 0.0, NZ, -3.0, 'inf', 'nan'], [0.0, 0.0, INF, INF, INF, INF, NAN])
cu('digamma', 'edge-rounding-f32', 'digamma of f32 arguments, correctly rounded (digamma(1) = -Euler gamma).', 'f32', ['1.0', '0.5', '-2.5', '1e10'], [None] * 4, mp.digamma)
cu('digamma', 'edge-f64', 'digamma of f64 arguments, correctly rounded.', 'f64', ['0.1', '1.4616321449683622', '-0.5'], [None] * 3, mp.digamma)

# ---------------------------------------------------------------- zeta, polygamma, bessel_i1e
cb('zeta', 'edge-f64', ['Hurwitz zeta(x, q) = sum (q + n)^-x on f64: Riemann zeta(2) = pi^2/6, then values from the',
   'Euler-Maclaurin sum and from the direct sum (docs/design/chlo.md).'], 'f64',
   [2.0, 3.0, '1.5', '4.0', '50.0'], ['1.0', '0.5', '2.5', '-2.5', '3.0'], [None] * 5, lambda x, q: mp.zeta(x, q), names=('x', 'q'))
cb('zeta', 'edge-special', ['zeta(x < 1) = NaN (the series diverges), zeta(1, q) = +inf, q a non-positive integer holds',
   'a term 0^-x (+inf), negative q with non-integer x gives non-real terms (NaN), q = +inf gives +0.'], 'f32',
   ['0.5', 1.0, 2.0, '2.5', 2.0], [1.0, 2.0, -3.0, '-0.5', 'inf'], [NAN, INF, INF, NAN, 0.0], names=('x', 'q'))
cb('polygamma', 'edge-f64', 'polygamma(n, x) = (-1)^(n+1) n! zeta(n + 1, x); n = 0 is digamma.', 'f64',
   [1.0, 2.0, 3.0, 0.0], [1.0, '0.5', '-1.5', '1.0'], [None] * 4, lambda n, x: mp.psi(int(n), x), names=('n', 'x'))
cb('polygamma', 'edge-f32', 'polygamma on f32.', 'f32', [1.0, 4.0], ['3.5', '0.25'], [None] * 2, lambda n, x: mp.psi(int(n), x), names=('n', 'x'))
cu('bessel_i1e', 'edge-f64', ['bessel_i1e(x) = e^-|x| I1(x), odd; the power series, correctly rounded (docs/design/chlo.md).'], 'f64',
   ['1.0', '-0.5', '10.0', '700.25', '4096.0', '1e-30'], [None] * 6, i1e)
cu('bessel_i1e', 'edge-asymptotic', ['bessel_i1e beyond x = 4096, where the reference sums the asymptotic expansion',
   '1/sqrt(2 pi x) (1 - 3/(8x) - 15/(128x^2) - ...) with its remainder bound (docs/design/chlo.md).'], 'f64',
   ['4096.5', '-5000.0', '65504.0', '1e6', '1e20', '1.7976931348623157e308'], [None] * 6, i1e)
cu('bessel_i1e', 'edge-f32', 'bessel_i1e on f32; i1e(+-0) = +-0, i1e(+-inf) = +-0.', 'f32', ['2.0', '-20.0', NZ, 'inf', '-inf'], [None, None, NZ, 0.0, NZ], i1e)

# ---------------------------------------------------------------- square, conj, predicates, next_after
cu('square', 'edge-f32', 'square(x) = x * x, rounded once; -0 squares to +0; 2e19^2 overflows f32.', 'f32',
   ['1.1', '-3.0', NZ, '2e19', 'nan'], [None, None, 0.0, INF, NAN], lambda x: x * x)
cuc('square', 'edge-complex', ["square(z) = z * z with each part of the exact value rounded once (chlo.md's",
    '(x - y)(x + y) + 2xy i is the same value).'], 'complex<f32>', [('1.0', '2.0'), ('1.1', '1.1'), ('0.1', '0.3')], lambda z: z * z)
cuc('conj', 'edge-complex', 'conj(x) = (real(x), -imag(x)), exactly; the sign of a zero imaginary part flips.', 'complex<f32>',
    [('1.0', '2.0'), ('-0.5', NZ), ('3.0', 0.0)], None, ys=[(1.0, -2.0), (-0.5, 0.0), (3.0, NZ)])
for op, expected, what in [('is_inf', [1, 1, 0, 0, 0], '+-inf'), ('is_pos_inf', [1, 0, 0, 0, 0], '+inf'),
                           ('is_neg_inf', [0, 1, 0, 0, 0], '-inf')]:
    shape = (5,)
    chlo_write(op, 'edge-f32', 'chlo.%s is true exactly for %s; finite values and NaN are not infinite.' % (op, what), [],
               [('operand', ['inf', '-inf', F32MAX, 0.0, 'nan'], 'f32')],
               '%%result = chlo.%s %%operand : %s -> %s' % (op, ttype(shape, 'f32'), ttype(shape, 'i1')), [bool(e) for e in expected], 'i1', shape)
cb('next_after', 'edge-f32', ['next_after(x, y) is C nextafter: 1 steps up and down by one ulp, +0 towards -1 gives the',
   'negative smallest subnormal, the smallest subnormal towards 0 gives +0, the largest finite value',
   'towards +inf gives +inf, x = y gives y, NaN propagates.'], 'f32',
   [1.0, 1.0, 0.0, F32SUB, F32MAX, NZ, 'nan'], [2.0, 0.0, -1.0, 0.0, 'inf', 0.0, 1.0],
   [float.fromhex('0x1.000002p0'), float.fromhex('0x1.fffffep-1'), -F32SUB, 0.0, INF, 0.0, NAN], names=('x', 'y'))
cb('next_after', 'edge-f16', 'next_after on f16: steps of the f16 encoding (2 -> the largest f16 below 2).', 'f16',
   [2.0, 65504.0, 0.0], [0.0, 'inf', 1.0], [float.fromhex('0x1.ffcp0'), INF, F16SUB], names=('x', 'y'))

# ---------------------------------------------------------------- integers, top_k, constants (exact, by hand)
write('chlo.mulhi', 'edge-i32', ['mulhi: the high 32 bits of the exact 64-bit product: (2^31 - 1)^2 = 2^62 - 2^32 + 1 has',
      'high word 2^30 - 1; -1 * 1 = -1 and -2^31 * 2 = -2^32 have high word -1 (arithmetic shift).'],
      [const('lhs', [2147483647, -1, -2147483648, 7], 'i32'), const('rhs', [2147483647, 1, 2, 3], 'i32'),
       '%result = chlo.mulhi %lhs, %rhs : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>',
       check('result', [1073741823, -1, -1, 0], 'i32')])
write('chlo.mulhi', 'edge-unsigned', ['mulhi on ui32 and ui8: (2^32 - 1)^2 = 2^64 - 2^33 + 1 has high word 2^32 - 2;',
      '255 * 255 = 65025 = 254 * 256 + 1.'],
      [const('lhs32', [4294967295, 65536], 'ui32'), const('rhs32', [4294967295, 65536], 'ui32'),
       '%result32 = chlo.mulhi %lhs32, %rhs32 : tensor<2xui32>, tensor<2xui32> -> tensor<2xui32>',
       check('result32', [4294967294, 1], 'ui32'),
       const('lhs8', [255], 'ui8'), const('rhs8', [255], 'ui8'),
       '%result8 = chlo.mulhi %lhs8, %rhs8 : tensor<1xui8>, tensor<1xui8> -> tensor<1xui8>',
       check('result8', [254], 'ui8')])
write('chlo.top_k', 'edge-ties-by-index', ['top_k along the last dimension: the k largest in descending order; with is_stable = true',
      'equal values keep their index order.'],
      [const('operand', [3, 1, 3, 2, 0, 5, 5, 5], 'i32', (2, 4)),
       '%values, %indices = chlo.top_k(%operand, k = 3) {is_stable = true} : tensor<2x4xi32> -> (tensor<2x3xi32>, tensor<2x3xi32>)',
       check('values', [3, 3, 2, 5, 5, 5], 'i32', (2, 3)), check('indices', [0, 2, 3, 1, 2, 3], 'i32', (2, 3))])
write('chlo.top_k', 'edge-float-total-order', ['top_k of floats orders by IEEE totalOrder, as the stablehlo.sort comparator of the',
      'upstream decomposition does (docs/design/chlo.md): NaN > +inf > 1 > +0 > -0 > -inf.'],
      [const('operand', [NZ, 0.0, 'nan', '-inf', 1.0, 'inf'], 'f32'),
       '%values, %indices = chlo.top_k(%operand, k = 6) {is_stable = true} : tensor<6xf32> -> (tensor<6xf32>, tensor<6xi32>)',
       check('values', [NAN, INF, 1.0, 0.0, NZ, -INF], 'f32'), check('indices', [2, 5, 4, 1, 0, 3], 'i32')])
write('chlo.constant_like', 'edge-splat', 'constant_like: the scalar value at every position of the operand\'s shape.',
      [const('operand', [1.0, 2.0, 3.0, 4.0], 'f32', (2, 2)),
       '%result = "chlo.constant_like"(%operand) {value = 2.5 : f32} : (tensor<2x2xf32>) -> tensor<2x2xf32>',
       check('result', [2.5, 2.5, 2.5, 2.5], 'f32', (2, 2))])
write('chlo.constant', 'edge-i16', 'chlo.constant: the literal, as stablehlo.constant.',
      ['%result = chlo.constant dense<[7, -1]> : tensor<2xi16>', check('result', [7, -1], 'i16')])

# ---------------------------------------------------------------- the broadcast_* family (exact, by hand)
write('chlo.broadcast_add', 'edge-trailing', 'broadcast_add without broadcast_dimensions aligns trailing dimensions (numpy): the vector is added to each row.',
      [const('lhs', [1, 2, 3, 4, 5, 6], 'i32', (2, 3)), const('rhs', [10, 20, 30], 'i32'),
       '%result = chlo.broadcast_add %lhs, %rhs : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>',
       check('result', [11, 22, 33, 14, 25, 36], 'i32', (2, 3))])
write('chlo.broadcast_add', 'edge-broadcast-dimensions', ['broadcast_add with broadcast_dimensions = [0]: the lower-rank operand runs along result',
      'dimension 0 (one value per row); size-1 dimensions stretch.'],
      [const('lhs', [1.0, 2.0, 3.0, 4.0, 5.0, 6.0], 'f32', (2, 3)), const('rhs', [0.5, -0.5], 'f32'),
       '%result = chlo.broadcast_add %lhs, %rhs {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>',
       check('result', [1.5, 2.5, 3.5, 3.5, 4.5, 5.5], 'f32', (2, 3))])
write('chlo.broadcast_compare', 'edge-lt', 'broadcast_compare LT of a 2x2 tensor against a broadcast row.',
      [const('lhs', [1.0, 5.0, 3.0, 0.5], 'f32', (2, 2)), const('rhs', [2.0, 2.0], 'f32'),
       '%result = chlo.broadcast_compare %lhs, %rhs {comparison_direction = #chlo<comparison_direction LT>} : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xi1>',
       check('result', [True, False, False, True], 'i1', (2, 2))])
write('chlo.broadcast_select', 'edge-scalar-pred', 'broadcast_select with a scalar predicate and a scalar on_false, broadcast to the on_true shape.',
      [const('pred', [False], 'i1', ()), const('on_true', [1, 2], 'i32'), const('on_false', [7], 'i32', ()),
       '%result = chlo.broadcast_select %pred, %on_true, %on_false : (tensor<i1>, tensor<2xi32>, tensor<i32>) -> tensor<2xi32>',
       check('result', [7, 7], 'i32')])

def broadcast_values(operands, dims=None):
    """chlo.md's broadcasting, written out: operands are (flat values, shape); the lower-rank operand of two
    maps through `dims` where given, else every operand's dimensions align with the result's trailing ones.
    Returns the result shape and, per result element, the tuple of operand values."""
    rank = max(len(shape) for _, shape in operands)
    maps = []
    for values, shape in operands:
        low = len(shape) == min(len(sh) for _, sh in operands) and len(operands) == 2 and len(operands[0][1]) != len(operands[1][1])
        maps.append(list(dims) if dims is not None and low else list(range(rank - len(shape), rank)))
    result = [1] * rank
    for (values, shape), m in zip(operands, maps):
        for d, r in zip(shape, m):
            if d != 1:
                assert result[r] in (1, d), (shape, m, result)
                result[r] = d
    out = []
    for flat in range(math.prod(result)):
        index, rest = [], flat
        for size in reversed(result):
            index.insert(0, rest % size); rest //= size
        args = []
        for (values, shape), m in zip(operands, maps):
            k = 0
            for d, r in zip(shape, m):
                k = k * d + (0 if d == 1 else index[r])
            args.append(values[k])
        out.append(tuple(args))
    return tuple(result), out

def bcase(op, stem, comment, lhs, rhs, ety, fn, dims=None, rety=None, attrs=''):
    """chlo.broadcast_<op> on lhs and rhs ((values, shape) each, of element type ety); fn on the operand values
    gives each result element (an mpf is rounded once to rety)."""
    rety = rety or ety
    shape, args = broadcast_values([lhs, rhs], dims)
    expected = [fn(*a) for a in args]
    attr = ', '.join(x for x in ['broadcast_dimensions = array<i64: %s>' % ', '.join(map(str, dims)) if dims is not None else '', attrs] if x)
    write('chlo.broadcast_' + op, stem, comment,
          [const('lhs', lhs[0], ety, lhs[1]), const('rhs', rhs[0], ety, rhs[1]),
           '%%result = chlo.broadcast_%s %%lhs, %%rhs%s : (%s, %s) -> %s' % (op, ' {%s}' % attr if attr else '', ttype(lhs[1], ety),
                                                                  ttype(rhs[1], ety), ttype(shape, rety)),
           check('result', expected, rety, shape)])

def trunc_div(a, b):
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q

def wrap32(v):
    return (v + 2**31) % 2**32 - 2**31

ROW = ([12, 10, 7, 0, -3, 5], (2, 3))
COLUMN = ([6, 3], (2,))
bcase('and', 'edge-i32', 'broadcast_and: each row of a 2x3 tensor with a column (broadcast_dimensions = [0]).', ROW, COLUMN, 'i32',
      lambda a, b: a & b, dims=[0])
bcase('or', 'edge-i32', 'broadcast_or of a 2x3 tensor with a row, trailing dimensions aligned.', ROW, ([1, 2, 4], (3,)), 'i32', lambda a, b: a | b)
bcase('xor', 'edge-i1', 'broadcast_xor on i1: a 2x2 predicate tensor against a broadcast row.', ([True, False, True, True], (2, 2)),
      ([True, False], (2,)), 'i1', lambda a, b: a != b)
bcase('divide', 'edge-i32', 'broadcast_divide on i32 rounds toward zero: -3 / 2 = -1; the divisor row broadcasts.', ROW, ([2, -4, 3], (3,)),
      'i32', trunc_div)
bcase('remainder', 'edge-i32', 'broadcast_remainder on i32 takes the sign of the dividend: -3 rem 2 = -1.', ROW, ([5, 4, 2], (3,)), 'i32',
      lambda a, b: a - b * trunc_div(a, b))
bcase('maximum', 'edge-f32', 'broadcast_maximum of a 2x2 tensor and a scalar (rank 0 broadcasts everywhere).', ([1.5, -2.0, 3.0, 0.25], (2, 2)),
      ([1.0], ()), 'f32', max)
bcase('minimum', 'edge-f32', 'broadcast_minimum of a column-shaped 2x1 tensor and a row: size-1 dimensions stretch both ways.',
      ([1.5, -2.0], (2, 1)), ([0.0, -3.0, 2.0], (3,)), 'f32', min)
bcase('multiply', 'edge-f64', 'broadcast_multiply with broadcast_dimensions = [1]: the vector runs along dimension 1.',
      ([1.0, 2.0, 3.0, -4.0, 0.5, 8.0], (2, 3)), ([2.0, 0.5, -1.0], (3,)), 'f64', lambda a, b: a * b, dims=[1])
bcase('subtract', 'edge-f32', 'broadcast_subtract of a row from each row of a 2x3 tensor.', ([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], (2, 3)),
      ([0.5, 1.0, 1.5], (3,)), 'f32', lambda a, b: a - b)
bcase('power', 'edge-i32', 'broadcast_power on i32: each base of a column to each exponent of a row (0^0 = 1).', ([2, 3, 0], (3, 1)),
      ([0, 1, 3], (3,)), 'i32', lambda a, b: a ** b)
bcase('atan2', 'edge-f32', 'broadcast_atan2 of a 2x2 tensor against a row, each result correctly rounded.', ([1.0, -1.0, 0.0, 2.0], (2, 2)),
      ([1.0, -2.0], (2,)), 'f32', lambda a, b: mp.atan2(a, b))
bcase('complex', 'edge-f32', 'broadcast_complex: real parts from a column, imaginary parts from a row.', ([1.0, -2.0], (2, 1)),
      ([0.5, 3.0], (2,)), 'f32', lambda a, b: (a, b), rety='complex<f32>')
bcase('next_after', 'edge-f32', 'broadcast_next_after: one step from each x towards the scalar y = 2 (and from 2 itself, none).',
      ([1.0, 2.0, 3.0, 0.0], (4,)), ([2.0], ()), 'f32',
      lambda a, b: a if a == b else float(struct.unpack('<f', struct.pack('<I', struct.unpack('<I', struct.pack('<f', a))[0] + (1 if (b > a) == (a >= 0) else -1)))[0]) if a != 0 else 2.0 ** -149)
bcase('shift_left', 'edge-i32', 'broadcast_shift_left: shifts of 32 or more give 0.', ([1, -1, 5], (3, 1)), ([0, 4, 31, 32], (4,)), 'i32',
      lambda a, b: 0 if b >= 32 else wrap32(a << b))
bcase('shift_right_arithmetic', 'edge-i32', 'broadcast_shift_right_arithmetic: the sign fills; shifts of 32 or more give 0 or -1.',
      ([-16, 16], (2, 1)), ([1, 4, 40], (3,)), 'i32', lambda a, b: (-1 if a < 0 else 0) if b >= 32 else a >> b)
bcase('shift_right_logical', 'edge-i32', 'broadcast_shift_right_logical: zeros fill; shifts of 32 or more give 0.', ([-16, 16], (2, 1)),
      ([1, 28, 32], (3,)), 'i32', lambda a, b: 0 if b >= 32 else wrap32((a % 2**32) >> b))
bcase('zeta', 'edge-f64', 'broadcast_zeta: the scalar x = 2 against q = 1, 2, 0.5 (pi^2/6, pi^2/6 - 1, pi^2/2), correctly rounded.',
      ([2.0], ()), ([1.0, 2.0, 0.5], (3,)), 'f64', lambda x, q: mp.zeta(x, q))
bcase('polygamma', 'edge-f64', 'broadcast_polygamma: orders 1 and 2 (a column) at x = 1, 2.5 (a row), correctly rounded.',
      ([1.0, 2.0], (2, 1)), ([1.0, 2.5], (2,)), 'f64', lambda n, x: mp.psi(int(n), x))

# ---------------------------------------------------------------- ragged_dot (the three modes of chlo.md)
# The expected values come from ragged_dot_ref below, chlo.md's modes written out on the canonical layouts
# [b,m,k] x [g,b,k,n] (mode 1), [b,m,k] x [b,k,n] (modes 2 and 3): group i of a group_sizes row covers
# positions [start_i, start_i + size_i) of the ragged dimension, start_i the sum of the sizes before it;
# each result element is the exact sum of its products (mpmath at 400 bits), rounded once.
def ragged_dot_ref(mode, lhs, rhs, sizes, B, M, K, N, G, per_batch, ety):
    """lhs [B,M,K] and rhs [G,B,K,N] (mode 1) or [B,K,N] (modes 2, 3), flat row-major; sizes [B,G] when
    per_batch, else [G]. Returns the flat result: [B,M,N] (modes 1, 3) or [G,B,M,N] (mode 2)."""
    def row(b): return sizes[b * G:(b + 1) * G] if per_batch else sizes
    def group_of(rs, p):
        for i, s in enumerate(rs):
            if p < s: return i
            p -= s
        return None
    def x(v): return val(v, ety)[1] if is_float(ety) else v
    L = lambda b, m, k: x(lhs[(b * M + m) * K + k])
    R1 = lambda g, b, k, n: x(rhs[((g * B + b) * K + k) * N + n])
    R2 = lambda b, k, n: x(rhs[(b * K + k) * N + n])
    def total(terms):
        s = sum((mpf(a) * mpf(c) for a, c in terms), mpf(0)) if is_float(ety) else sum(a * c for a, c in terms)
        return R(ety, s) if is_float(ety) else s
    out = []
    if mode == 2:
        for g in range(G):
            for b in range(B):
                for m in range(M):
                    for n in range(N):
                        out.append(total([(L(b, m, k), R2(b, k, n)) for k in range(K) if group_of(row(b), k) == g]))
        return out
    for b in range(B):
        for m in range(M):
            for n in range(N):
                if mode == 1:
                    g = group_of(row(b), m)
                    out.append(total([] if g is None else [(L(b, m, k), R1(g, b, k, n)) for k in range(K)]))
                else:
                    inside = group_of(sizes, b) is not None
                    out.append(total([(L(b, m, k), R2(b, k, n)) for k in range(K)] if inside else []))
    return out

def ragged_numbers(lb, rb, lc, rc, lr, rg):
    f = lambda xs: '[' + ', '.join(map(str, xs)) + ']'
    return ('#chlo.ragged_dot<lhs_batching_dimensions = %s, rhs_batching_dimensions = %s, lhs_contracting_dimensions = %s, '
            'rhs_contracting_dimensions = %s, lhs_ragged_dimensions = %s, rhs_group_dimensions = %s>' % (f(lb), f(rb), f(lc), f(rc), f(lr), f(rg)))

def ragged_case(stem, comment, mode, ety, lhs, rhs, sizes, B, M, K, N, G, per_batch=False, size_type='i64', batched=True):
    """A ragged_dot case on the canonical layouts (without the b dimensions when not `batched`)."""
    bs = (B,) if batched else ()
    if batched: assert True
    else: assert B == 1
    lshape = bs + (M, K)
    rshape = ((G,) + bs + (K, N)) if mode == 1 else (bs + (K, N))
    sshape = ((B, G) if per_batch else (G,))
    oshape = (((G,) if mode == 2 else ()) + bs + (M, N))
    nb = 1 if batched else 0
    numbers = ragged_numbers([0] if batched else [], [1 if mode == 1 else 0] if batched else [],
                             [nb + 1], [nb + 1 if mode == 1 else nb], [0 if mode == 3 else nb + (0 if mode == 1 else 1)],
                             [0] if mode == 1 else [])
    expected = ragged_dot_ref(mode, lhs, rhs, sizes, B, M, K, N, G, per_batch, ety)
    line = ('%%result = "chlo.ragged_dot"(%%lhs, %%rhs, %%group_sizes) {ragged_dot_dimension_numbers = %s,\n'
            '    precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]} : (%s, %s, %s) -> %s'
            % (numbers, ttype(lshape, ety), ttype(rshape, ety), ttype(sshape, size_type), ttype(oshape, ety)))
    write('chlo.ragged_dot', stem, comment,
          [const('lhs', lhs, ety, lshape), const('rhs', rhs, ety, rshape), const('group_sizes', sizes, size_type, sshape),
           line, check('result', expected, ety, oshape)])

F = lambda *xs: [str(v) for v in xs]  # decimal literals, rounded by the parser as in a program
ragged_case('mode1-non-contracting', ['Mode 1, ragged non-contracting ([m,k] x [g,k,n] -> [m,n]): rows 0-1 are group 0, group 1 is',
            'empty, rows 2-3 are group 2 (each multiplied by its rhs slice); row 4 is in no group, so its row is zeros.',
            'Each element is the exact sum of its products, rounded once (mpmath).'],
            1, 'f32', F(0.1, 0.2, 0.3, -1.5, 2.25, 0.7, 3.0, -0.4, 1.1, 0.6, 0.5, -2.0, 9.0, 8.0, 7.0),
            F(*[0.5 * i - 3.1 for i in range(18)]), [2, 0, 2], 1, 5, 3, 2, 3, batched=False)
ragged_case('mode1-batched-group-sizes', ['Mode 1 with a batch dimension and a full group_sizes [b, g]: batch 0 has groups of 1 and 3',
            'rows, batch 1 puts all 4 rows in group 0 (rhs [g,b,k,n]: each batch has its own group slices).'],
            1, 'i32', [1, 2, 3, 4, 5, 6, 7, 8, -1, -2, -3, -4, 0, 1, 2, 3],
            [1, 0, 0, 1, 2, 3, 4, 5, 10, 20, 30, 40, -1, 1, 1, -1], [1, 3, 4, 0], 2, 4, 2, 2, 2, per_batch=True, size_type='i32')
ragged_case('mode2-contracting', ['Mode 2, ragged contracting ([m,k] x [k,n] -> [g,m,n]): group 0 sums over k = 0..2, group 1 is',
            'empty (zeros), group 2 over k = 3; k = 4 is in no group and contributes to none.'],
            2, 'f32', F(0.1, 0.2, 0.3, 0.4, 100.0, -1.5, 2.5, 0.125, 3.0, 100.0),
            F(1.0, 0.3, 2.0, -0.7, 0.5, 0.1, -4.0, 0.9, 1e6, 1e6), [3, 0, 1], 1, 2, 5, 2, 3, batched=False)
ragged_case('mode3-batch', ['Mode 3, ragged batch ([b,m,k] x [b,k,n] -> [b,m,n]): batches 0 and 1 are in groups (sizes [1, 1]), so',
            'they are dot_general\'s; batch 2 is in none, so its result is zeros.'],
            3, 'f64', F(*[0.25 * i - 1.0 for i in range(12)]), F(*[1.5 - 0.1 * i for i in range(12)]), [1, 1], 3, 2, 2, 2, 2)

# ---------------------------------------------------------------- scan (chlo.md; sequential, as the body's ops round)
def scan_write(stem, comment, consts, line, region, types, checks):
    write('chlo.scan', stem, comment, consts + [line + ' {\n' + region + '\n} : ' + types] + checks)

# Cumulative sums of f32: each step is one stablehlo.add, rounded to f32 as it happens (the scan's result is
# the body's, step by step; only is_associative would let an implementation regroup).
xs = ['0.1', '0.2', '0.3', '1e8', '-1e8']
acc, sums = 0.0, []
for s_ in xs:
    acc = R('f32', mpf(acc) + mpf(val(s_, 'f32')[1])); sums.append(acc)
scan_write('cumsum-f32', ['scan as a cumulative sum of f32: outputs[i] is carry + inputs[i], each add rounded to f32 in order',
           '(0.1 + 0.2 + 0.3 then + 1e8 absorbs the small part); the carry result is the last sum.'],
           [const('input', xs, 'f32'), const('init', [0.0], 'f32', ())],
           '%output, %carry = chlo.scan(%input) inits(%init) dimension=0',
           '  ^bb0(%x: tensor<f32>, %c: tensor<f32>):\n    %s = stablehlo.add %c, %x : tensor<f32>\n    stablehlo.return %s, %s : tensor<f32>, tensor<f32>',
           '(tensor<5xf32>, tensor<f32>) -> (tensor<5xf32>, tensor<f32>)',
           [check('output', sums, 'f32'), check('carry', [sums[-1]], 'f32', ())])
# Exclusive scan in reverse along dimension 1: the output at a position is the carry before the step.
rows = [[1, 2, 3], [4, 5, 6]]
excl = [[sum(r[j + 1:]) for j in range(3)] for r in rows]
scan_write('exclusive-reverse-dim1', ['scan with is_reverse along dimension 1, the output being the carry before each step (an',
           'exclusive suffix sum): output[i][j] = sum(input[i][j+1:]); the carries are the row sums.'],
           [const('input', [v for r in rows for v in r], 'i32', (2, 3)), const('init', [0, 0], 'i32')],
           '%output, %carry = chlo.scan(%input) inits(%init) dimension=1 attributes {is_reverse = true}',
           '  ^bb0(%x: tensor<2xi32>, %c: tensor<2xi32>):\n    %s = stablehlo.add %c, %x : tensor<2xi32>\n    stablehlo.return %c, %s : tensor<2xi32>, tensor<2xi32>',
           '(tensor<2x3xi32>, tensor<2xi32>) -> (tensor<2x3xi32>, tensor<2xi32>)',
           [check('output', [v for r in excl for v in r], 'i32', (2, 3)), check('carry', [sum(r) for r in rows], 'i32')])
# Two inputs, one carry, no outputs of the inputs' kind: a running dot product with its partial sums.
a_, b_ = [1, -2, 3, 4], [5, 6, -7, 8]
partial, t_ = [], 0
for p_, q_ in zip(a_, b_):
    t_ += p_ * q_; partial.append(t_)
scan_write('two-inputs-one-carry', ['scan of two inputs with one carry: the running sum of a[i] * b[i] (outputs) and the',
           'total (carry); the body takes both inputs\' slices, then the carry.'],
           [const('a', a_, 'i64'), const('b', b_, 'i64'), const('init', [0], 'i64', ())],
           '%output, %carry = chlo.scan(%a, %b) inits(%init) dimension=0',
           '  ^bb0(%x: tensor<i64>, %y: tensor<i64>, %c: tensor<i64>):\n    %p = stablehlo.multiply %x, %y : tensor<i64>\n'
           '    %s = stablehlo.add %c, %p : tensor<i64>\n    stablehlo.return %s, %s : tensor<i64>, tensor<i64>',
           '(tensor<4xi64>, tensor<4xi64>, tensor<i64>) -> (tensor<4xi64>, tensor<i64>)',
           [check('output', partial, 'i64'), check('carry', [partial[-1]], 'i64', ())])
