from common import *
mp.mp.prec = 2000

def fb(op, stem, comment, ety, xs, ys, zs, fn=None, shape=None):
    outs, notes = exact_outputs(ety, list(zip(xs, ys)), zs, fn)
    binary(op, stem, comment, ety, xs, ys, outs, shape=shape, notes=notes)

def fmod(a, b):
    q = a / b
    q = mp.floor(q) if q >= 0 else mp.ceil(q)
    return a - q * b
A = lambda a, b: a + b
S = lambda a, b: a - b
M = lambda a, b: a * b
D = lambda a, b: a / b

# ---------------------------------------------------------------- add
binary('add', 'example-1', "From the spec's `add` example (si32).", 'i32', [1, 2, 3, 4], [5, 6, 7, 8], [6, 8, 10, 12], shape=(2, 2))
binary('add', 'edge-signed-zero', 'IEEE-754 addition: -0 + -0 = -0, -0 + +0 = +0, x + (-x) = +0 in round-to-nearest.', 'f32', [NZ, NZ, 0.0, 1.5], [NZ, 0.0, NZ, -1.5], [NZ, 0.0, 0.0, 0.0])
binary('add', 'edge-inf-nan', 'inf + inf = inf, inf + -inf = NaN, finite + inf = inf, NaN propagates.', 'f32', ['inf', 'inf', 1.0, 'nan'], ['inf', '-inf', '-inf', 1.0], [INF, NAN, -INF, NAN])
fb('add', 'edge-overflow', 'f32 overflow: max + max = +inf; max + ulp(max)/2 ties to even and overflows; max + 1 rounds back to max.', 'f32', [F32MAX, F32MAX, -F32MAX, F32MAX], [F32MAX, 2.0**103, -F32MAX, 1.0], [INF, INF, -INF, F32MAX])
binary('add', 'edge-subnormal', 'Subnormal arithmetic is exact: 2^-149 + 2^-149 = 2^-148; (2^-126 - 2^-149) + 2^-149 = 2^-126; min normal + (-min normal) = +0.', 'f32', [F32SUB, F32MIN - F32SUB, F32MIN], [F32SUB, F32SUB, -F32MIN], [2 * F32SUB, F32MIN, 0.0])
fb('add', 'edge-rounding', 'Round to nearest, ties to even: 1 + 2^-24 -> 1 (tie, even); 1 + 3*2^-24 -> 1 + 2^-22 (tie, even); 0.1 + 0.2 rounded once.', 'f32', [1.0, 1.0, '0.1', 16777216.0], [2.0**-24, 3 * 2.0**-24, '0.2', 1.0], [None]*4, A)
binary('add', 'edge-int-wrap', 'Two\'s-complement wrap-around of si8 addition: 127 + 1 = -128, -128 + -1 = 127.', 'i8', [127, -128, 100, -100], [1, -1, 27, -28], [-128, 127, 127, -128])
binary('add', 'edge-ui8-wrap', 'Wrap-around of ui8 addition: 255 + 1 = 0, 200 + 100 = 44.', 'ui8', [255, 200, 0, 254], [1, 100, 0, 1], [0, 44, 0, 255])
binary('add', 'edge-i64-extremes', 'si64 extremes and wrap-around.', 'i64', [9223372036854775807, -9223372036854775808, 4611686018427387904], [1, 9223372036854775807, 4611686018427387904], [-9223372036854775808, -1, -9223372036854775808])
binary('add', 'edge-bool', 'Spec: add on booleans is logical OR.', 'i1', [False, False, True, True], [False, True, False, True], [False, True, True, True])
fb('add', 'edge-f16', 'f16 addition: overflow at 65504 + 16 (tie to even -> inf), rounding of 1 + 2^-11, subnormal sum.', 'f16', [F16MAX, F16MAX, 1.0, F16SUB], [16.0, 8.0, 2.0**-11, F16SUB], [INF, F16MAX, 1.0, 2 * F16SUB])
fb('add', 'edge-bf16', 'bf16 addition: 256 + 1 = 256 (tie to even), 1 + 2^-7, max + max = inf.', 'bf16', [256.0, 1.0, BF16MAX, '0.1'], [1.0, 2.0**-7, BF16MAX, '0.2'], [None, None, INF, None], A)
fb('add', 'edge-f64', 'f64 addition: 0.1 + 0.2 rounded once, 2^53 + 1 (tie to even), subnormals.', 'f64', ['0.1', 2.0**53, F64SUB, F64MAX], ['0.2', 1.0, F64SUB, F64MAX], [None, 2.0**53, 2 * F64SUB, INF], A)
binary('add', 'edge-complex', 'Complex addition adds the parts.', 'complex<f32>', [(1.0, 2.0), (NZ, 'inf')], [(3.0, -4.0), (NZ, 1.0)], [(4.0, -2.0), (NZ, INF)])
binary('add', 'edge-ui64', 'ui64 addition near the maximum.', 'ui64', [18446744073709551615, 9223372036854775808], [1, 9223372036854775807], [0, 18446744073709551615])

# ---------------------------------------------------------------- subtract
binary('subtract', 'example-1', "From the spec's `subtract` example (f32 tensors with integral values).", 'f32', [6.0, 8.0, 10.0, 12.0], [5.0, 6.0, 7.0, 8.0], [1.0, 2.0, 3.0, 4.0], shape=(2, 2))
binary('subtract', 'edge-signed-zero', 'IEEE-754: +0 - +0 = +0, -0 - +0 = -0, +0 - -0 = +0, x - x = +0.', 'f32', [0.0, NZ, 0.0, 2.5], [0.0, 0.0, NZ, 2.5], [0.0, NZ, 0.0, 0.0])
binary('subtract', 'edge-inf-nan', 'inf - inf = NaN, inf - -inf = inf, finite - inf = -inf, NaN propagates.', 'f32', ['inf', 'inf', 1.0, 'nan'], ['inf', '-inf', 'inf', 'nan'], [NAN, INF, -INF, NAN])
binary('subtract', 'edge-overflow', 'f32 overflow: -max - max = -inf.', 'f32', [-F32MAX, F32MAX], [F32MAX, -F32MAX], [-INF, INF])
binary('subtract', 'edge-int-wrap', "si8 wrap-around: -128 - 1 = 127, 127 - -1 = -128.", 'i8', [-128, 127, 0, -1], [1, -1, -128, 127], [127, -128, -128, -128])
binary('subtract', 'edge-ui8-wrap', 'ui8 wrap-around: 0 - 1 = 255.', 'ui8', [0, 5, 255], [1, 10, 255], [255, 251, 0])
fb('subtract', 'edge-rounding', 'Catastrophic cancellation is exact (Sterbenz); 1 - 2^-25 rounds to 1 (below half an ulp).', 'f32', [1.0000001192092896, 1.0, '0.3'], [1.0, 2.0**-25, '0.1'], [2.0**-23, 1.0, None], S)
fb('subtract', 'edge-f16', 'f16 subtraction.', 'f16', [-F16MAX, 1.0, F16MIN], [16.0, 2.0**-12, F16SUB], [-INF, 1.0, F16MIN - F16SUB])
fb('subtract', 'edge-bf16', 'bf16 subtraction.', 'bf16', [256.0, '0.3', -BF16MAX], [-1.0, '0.1', BF16MAX], [256.0, None, -INF], S)
binary('subtract', 'edge-complex', 'Complex subtraction subtracts the parts.', 'complex<f32>', [(1.0, 2.0), (0.0, NZ)], [(3.0, -4.0), (NZ, 0.0)], [(-2.0, 6.0), (0.0, NZ)])
binary('subtract', 'edge-i64-extremes', 'si64 extremes.', 'i64', [-9223372036854775808, 9223372036854775807], [1, -1], [9223372036854775807, -9223372036854775808])

# ---------------------------------------------------------------- multiply
binary('multiply', 'example-1', "From the spec's `multiply` example (si32).", 'i32', [1, 2, 3, 4], [5, 6, 7, 8], [5, 12, 21, 32], shape=(2, 2))
binary('multiply', 'edge-signed-zero', 'Sign of a zero product is the XOR of the signs: -0 * 5 = -0, -1 * 0 = -0, -0 * -0 = +0.', 'f32', [NZ, -1.0, NZ, 0.0], [5.0, 0.0, NZ, 3.0], [NZ, NZ, 0.0, 0.0])
binary('multiply', 'edge-inf-nan', '0 * inf = NaN, -2 * inf = -inf, NaN propagates.', 'f32', [0.0, -2.0, 'inf', 'nan'], ['inf', 'inf', '-inf', 0.0], [NAN, -INF, -INF, NAN])
fb('multiply', 'edge-overflow', 'f32 overflow to +-inf and underflow to subnormal / signed zero.', 'f32', [F32MAX, '1e30', F32MIN, -F32MIN, F32SUB], [2.0, '-1e30', 0.5, F32MIN, 0.5], [INF, -INF, F32MIN / 2, NZ, 0.0], M)
fb('multiply', 'edge-rounding', 'Products rounded once to f32; subnormal result rounding (2^-149 * 1.5 -> 2^-148, tie to even).', 'f32', ['0.1', 16777215.0, F32SUB, F32SUB * 3], ['0.1', 16777215.0, 1.5, 0.5], [None, None, 2 * F32SUB, 2 * F32SUB], M)
binary('multiply', 'edge-int-wrap', 'Two\'s-complement wrap-around: si8 64 * 2 = -128, -128 * -1 = -128, si32 65536 * 65536 = 0.', 'i8', [64, -128, 16, -1], [2, -1, 16, -1], [-128, -128, 0, 1])
binary('multiply', 'edge-i32-wrap', 'si32 wrap-around: 65536 * 65536 = 0, 65536 * 32768 = INT_MIN.', 'i32', [65536, 65536, -2147483648], [65536, 32768, 1], [0, -2147483648, -2147483648])
binary('multiply', 'edge-ui8-wrap', 'ui8 wrap-around: 16 * 16 = 0, 255 * 255 = 1.', 'ui8', [16, 255, 15], [16, 255, 17], [0, 1, 255])
binary('multiply', 'edge-bool', 'Multiply on booleans is logical AND.', 'i1', [False, False, True, True], [False, True, False, True], [False, False, False, True])
fb('multiply', 'edge-f16', 'f16 multiply: overflow, subnormal result, rounding.', 'f16', [256.0, F16MIN, '0.1', -F16SUB], [256.0, 0.25, '0.1', 0.5], [INF, F16MIN / 4, None, NZ], M)
fb('multiply', 'edge-bf16', 'bf16 multiply.', 'bf16', ['0.1', '1e38', 3.0], ['0.1', 10.0, '0.333'], [None, INF, None], M)
fb('multiply', 'edge-f64', 'f64 multiply.', 'f64', ['0.1', 1e200, F64MIN, F64SUB], ['0.1', 1e200, 2.0**-52, 0.5], [None, INF, F64SUB, 0.0], M)
binary('multiply', 'edge-complex', 'Complex multiplication: (1+2i)(3+4i) = -5+10i, i*i = -1.', 'complex<f32>', [(1.0, 2.0), (0.0, 1.0), (2.0, 0.0)], [(3.0, 4.0), (0.0, 1.0), (0.5, 0.25)], [(-5.0, 10.0), (-1.0, 0.0), (1.0, 0.5)])

# ---------------------------------------------------------------- divide
fb('divide', 'example-1', ["From the spec's `divide` example (f32); the spec prints 5.66666651 for display,", 'here it is the correctly rounded f32 quotient of the f32 inputs as written.'], 'f32', ['17.1', '-17.1', '17.1', '-17.1'], [3.0, 3.0, -3.0, -3.0], [None]*4, D)
binary('divide', 'edge-int-trunc', 'Spec: integer division discards the fractional part (truncates toward zero).', 'i32', [7, -7, 7, -7, 0], [2, 2, -2, -2, 5], [3, -3, -3, 3, 0])
binary('divide', 'edge-int-extremes', 'si8 extremes (INT_MIN / -1 left out: implementation-defined).', 'i8', [-128, 127, -128, 127], [1, -1, 2, 127], [-128, -127, -64, 1])
binary('divide', 'edge-ui8', 'Unsigned division on ui8.', 'ui8', [255, 200, 7], [2, 7, 255], [127, 28, 0])
binary('divide', 'edge-by-zero-float', 'IEEE-754 float division by zero: 1/+0 = +inf, 1/-0 = -inf, -1/+0 = -inf, 0/0 = NaN.', 'f32', [1.0, 1.0, -1.0, 0.0], [0.0, NZ, 0.0, 0.0], [INF, -INF, -INF, NAN])
binary('divide', 'edge-inf-nan', 'inf/inf = NaN, 1/inf = +0, -1/inf = -0, inf/-2 = -inf, NaN propagates.', 'f32', ['inf', 1.0, -1.0, 'inf', 'nan'], ['inf', 'inf', 'inf', -2.0, 1.0], [NAN, 0.0, NZ, -INF, NAN])
binary('divide', 'edge-signed-zero', '0 / -5 = -0, -0 / -5 = +0.', 'f32', [0.0, NZ], [-5.0, -5.0], [NZ, 0.0])
fb('divide', 'edge-overflow', 'Overflow and underflow of f32 quotients: max / 0.5 = inf, min normal / 4 is subnormal, min subnormal / 2 ties to +0, 1 / 3 rounded.', 'f32', [F32MAX, F32MIN, F32SUB, 1.0, 3 * F32SUB], [0.5, 4.0, 2.0, 3.0, 2.0], [INF, F32MIN / 4, 0.0, None, 2 * F32SUB], D)
fb('divide', 'edge-f16', 'f16 division.', 'f16', [1.0, F16MAX, F16MIN, 2.0], [3.0, 0.5, 1024.0, 0.0], [None, INF, F16SUB, INF], D)
fb('divide', 'edge-bf16', 'bf16 division.', 'bf16', [1.0, 2.0, -1.0], [3.0, 7.0, 0.0], [None, None, -INF], D)
fb('divide', 'edge-f64', 'f64 division.', 'f64', [1.0, 2.0, F64MIN, F64MAX], [3.0, 3.0, 2.0**52, 0.25], [None, None, F64SUB, INF], D)
binary('divide', 'edge-complex', 'Complex division with exactly representable results: (2+4i)/(1+1i) = 3+1i, (-5+10i)/(3+4i) = 1+2i.', 'complex<f32>', [(2.0, 4.0), (-5.0, 10.0), (4.0, 0.0)], [(1.0, 1.0), (3.0, 4.0), (2.0, 0.0)], [(3.0, 1.0), (1.0, 2.0), (2.0, 0.0)])
binary('divide', 'edge-i64', 'si64 division.', 'i64', [9223372036854775807, -9223372036854775808, -9], [2, 2, 4], [4611686018427387903, -4611686018427387904, -2])

# ---------------------------------------------------------------- remainder
binary('remainder', 'example-1', "From the spec's `remainder` example (si64: sign follows the dividend).", 'i64', [17, -17, 17, -17], [3, 3, -3, -3], [2, -2, 2, -2])
binary('remainder', 'edge-float', 'Float remainder is fmod: lhs - trunc(lhs/rhs)*rhs, sign of the dividend.', 'f32', [5.5, -5.5, 5.5, -5.5], [2.0, 2.0, -2.0, -2.0], [1.5, -1.5, 1.5, -1.5])
binary('remainder', 'edge-signed-zero', 'A zero remainder keeps the sign of the dividend: -4 % 2 = -0, -0 % 3 = -0, 4 % -2 = +0.', 'f32', [-4.0, NZ, 4.0, 0.0], [2.0, 3.0, -2.0, 'inf'], [NZ, NZ, 0.0, 0.0])
binary('remainder', 'edge-inf-nan', 'inf % y = NaN, x % 0 = NaN, x % inf = x, NaN propagates.', 'f32', ['inf', 5.0, 5.0, -5.0, 'nan'], [2.0, 0.0, 'inf', '-inf', 2.0], [NAN, NAN, 5.0, -5.0, NAN])
fb('remainder', 'edge-large-ratio', 'fmod is exact even when lhs/rhs is huge (no rounding of the quotient): 1e30 % 7, f32max % 10, subnormal divisor.', 'f32', ['1e30', F32MAX, '-1e20', 1.0], [7.0, 10.0, '0.1', 3 * F32SUB], [None]*4, fmod)
binary('remainder', 'edge-int-extremes', 'Integer remainder at si8 extremes (INT_MIN % -1 left out).', 'i8', [-128, 127, -128, 127], [3, -128, 127, 10], [-2, 127, -1, 7])
binary('remainder', 'edge-ui8', 'Unsigned remainder on ui8.', 'ui8', [255, 200, 7], [16, 7, 255], [15, 4, 7])
fb('remainder', 'edge-f16', 'fmod on f16.', 'f16', [F16MAX, -7.5, '0.3'], [7.0, 2.0, '0.1'], [None]*3, fmod)
fb('remainder', 'edge-bf16', 'fmod on bf16.', 'bf16', [BF16MAX, -7.5, '0.3'], [7.0, 2.0, '0.1'], [None]*3, fmod)
fb('remainder', 'edge-f64', 'fmod on f64.', 'f64', [F64MAX, '-0.3', 1e22], [3.0, '0.1', '0.1'], [None]*3, fmod)

# ---------------------------------------------------------------- power
fb('power', 'example-1', ["From the spec's `power` example (f64). The spec prints 3^-1 as 0.333333343 (an f32 rendering) and 10000^10 as inf;",
   'in f64 10000^10 = 1e40 is finite, so the correctly rounded f64 values are used. (-36)^1.1 is NaN.'], 'f64', [-2.0, NZ, -36.0, 5.0, 3.0, 10000.0], [2.0, 2.0, '1.1', 2.0, -1.0, 10.0], [4.0, 0.0, NAN, 25.0, None, None], lambda a, b: a ** b)
binary('power', 'edge-zero-exponent', 'IEEE-754 pow(x, +-0) = 1 for any x, even NaN and inf.', 'f32', ['nan', 'inf', NZ, -3.0], [0.0, NZ, 0.0, NZ], [1.0, 1.0, 1.0, 1.0])
binary('power', 'edge-one-base', 'IEEE-754 pow(+1, y) = 1 for any y, even NaN; pow(-1, +-inf) = 1.', 'f32', [1.0, 1.0, -1.0, -1.0], ['nan', 'inf', 'inf', '-inf'], [1.0, 1.0, 1.0, 1.0])
binary('power', 'edge-signed-zero', 'pow(+-0, y): negative odd integer y -> +-inf; negative non-odd y -> +inf; positive odd y -> +-0; positive non-odd y -> +0.', 'f32', [0.0, NZ, NZ, NZ, NZ, NZ], [-1.0, -1.0, -2.0, 3.0, 2.0, '0.5'], [INF, -INF, INF, NZ, 0.0, 0.0])
binary('power', 'edge-inf', 'pow with infinities: |x| < 1 ^ +inf = +0, |x| > 1 ^ +inf = +inf, 2 ^ -inf = +0, (-inf)^3 = -inf, (-inf)^-3 = -0, (-inf)^2 = +inf, inf^-1 = +0.', 'f32', ['0.5', -2.0, 2.0, '-inf', '-inf', '-inf', 'inf'], ['inf', 'inf', '-inf', 3.0, -3.0, 2.0, -1.0], [0.0, INF, 0.0, -INF, NZ, INF, 0.0])
binary('power', 'edge-nan', 'pow with NaN operands (other than the exact-1 cases) is NaN; negative base with non-integer exponent is NaN.', 'f32', ['nan', 2.0, -8.0], [2.0, 'nan', '0.5'], [NAN, NAN, NAN])
fb('power', 'edge-rounding', 'pow correctly rounded on f32: 2^0.5, 10^-1, 1.0000001^16777216, (-2)^3.', 'f32', [2.0, 10.0, 1.0000001192092896, -2.0], ['0.5', -1.0, 16777216.0, 3.0], [None, None, None, -8.0], lambda a, b: a ** b)
fb('power', 'edge-overflow', 'pow overflow to inf and underflow to subnormal / zero on f32.', 'f32', [2.0, 2.0, 2.0, -2.0], [128.0, -149.0, -150.0, 127.0], [INF, F32SUB, 0.0, -2.0**127])
fb('power', 'edge-f16', 'pow on f16.', 'f16', [2.0, 3.0, 10.0, 2.0], ['0.5', 10.0, 5.0, -24.0], [None, None, INF, F16SUB], lambda a, b: a ** b)
fb('power', 'edge-bf16', 'pow on bf16.', 'bf16', [2.0, 3.0, 10.0], ['0.5', 10.0, 39.0], [None, None, None], lambda a, b: a ** b)
binary('power', 'edge-int', 'Integer exponentiation with non-negative exponents (si32).', 'i32', [2, -3, 7, 1, -1], [10, 3, 0, 100, 5], [1024, -27, 1, 1, -1])
binary('power', 'edge-int-wrap', "Integer exponentiation wraps like repeated two's-complement multiplication (si8: 2^7 = -128, 3^5 = 243 - 256 = -13).", 'i8', [2, 3, -2], [7, 5, 7], [-128, -13, -128])

# ---------------------------------------------------------------- atan2
fb('atan2', 'example-1', ["From the spec's `atan2` example (f64); the spec prints pi/2 as 1.57079637 (an f32 rendering),", 'here it is the correctly rounded f64 value.'], 'f64', [0.0, 1.0, -1.0], [0.0, 0.0, 0.0], [0.0, None, None], mp.atan2)
fb('atan2', 'edge-signed-zero', 'IEEE-754 atan2: (+0, +0) = +0, (-0, +0) = -0, (+0, -0) = +pi, (-0, -0) = -pi, (+0, -1) = +pi, (-0, 1) = -0.', 'f32', [0.0, NZ, 0.0, NZ, 0.0, NZ], [0.0, 0.0, NZ, NZ, -1.0, 1.0], [0.0, NZ, mp.pi, -mp.pi, mp.pi, NZ])
fb('atan2', 'edge-inf', 'atan2 with infinities: (inf, inf) = pi/4, (inf, -inf) = 3pi/4, (-inf, inf) = -pi/4, (1, inf) = +0, (1, -inf) = pi, (-1, -inf) = -pi, (inf, 1) = pi/2.', 'f32', ['inf', 'inf', '-inf', 1.0, 1.0, -1.0, 'inf'], ['inf', '-inf', 'inf', 'inf', '-inf', '-inf', 1.0], [mp.pi / 4, 3 * mp.pi / 4, -mp.pi / 4, 0.0, mp.pi, -mp.pi, mp.pi / 2])
binary('atan2', 'edge-nan', 'atan2 with a NaN operand is NaN.', 'f32', ['nan', 1.0, 'nan'], [1.0, 'nan', 'nan'], [NAN, NAN, NAN])
fb('atan2', 'edge-quadrants', 'atan2 in all four quadrants, correctly rounded to f32.', 'f32', [1.0, 1.0, -1.0, -1.0, 3.0], [1.0, -1.0, -1.0, 1.0, '0.5'], [None]*5, mp.atan2)
fb('atan2', 'edge-tiny', 'atan2 with extreme ratios: subnormal / 1 rounds to the subnormal; 1 / subnormal -> pi/2; subnormal / -1 -> pi.', 'f32', [F32SUB, 1.0, F32SUB, F32MAX], [1.0, F32SUB, -1.0, F32SUB], [None]*4, mp.atan2)
fb('atan2', 'edge-f16', 'atan2 on f16.', 'f16', [1.0, 1.0, -2.0], [2.0, -3.0, '0.5'], [None]*3, mp.atan2)
fb('atan2', 'edge-bf16', 'atan2 on bf16.', 'bf16', [1.0, 1.0, -2.0], [2.0, -3.0, '0.5'], [None]*3, mp.atan2)
fb('atan2', 'edge-f32', 'atan2 on f32 ordinary values.', 'f32', [1.0, '0.1', 100.0], [3.0, '0.7', '-0.001'], [None]*3, mp.atan2)
