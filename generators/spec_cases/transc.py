from common import *
mp.mp.prec = 2000

def fuc(op, stem, comment, ety, xs, fn, ys=None, rety=None):
    """complex unary: per-part correctly rounded"""
    outs, nl = complex_exact_outputs(ety, xs, fn, ys)
    unary(op, stem, comment, ety, xs, outs, notes=nl)

# ---------------------------------------------------------------- exponential
fu('exponential', 'example-1', "From the spec's `exponential` example (f64).", 'f64', [0.0, 1.0, 2.0, 3.0], [1.0, None, None, None], mp.exp, shape=(2, 2))
unary('exponential', 'edge-special', 'exp(+-0) = 1, exp(+inf) = +inf, exp(-inf) = +0, NaN propagates.', 'f32', [NZ, 0.0, 'inf', '-inf', 'nan'], [1.0, 1.0, INF, 0.0, NAN])
fu('exponential', 'edge-overflow', 'f32 overflow boundary: exp(88.0) and exp(88.72283) are finite, exp(88.72284) and exp(89.0) overflow to +inf.', 'f32', [88.0, '88.72283', '88.72284', 89.0], [None]*4, mp.exp)
fu('exponential', 'edge-underflow', 'f32 underflow: exp(-87) normal, exp(-100) subnormal, exp(-103.9) subnormal, exp(-104) rounds to +0.', 'f32', [-87.0, -100.0, '-103.9', -104.0], [None]*4, mp.exp)
fu('exponential', 'edge-rounding', 'exp of small and fractional f32 arguments, correctly rounded.', 'f32', [1.0, '0.5', '-0.1', '1e-10'], [None]*4, mp.exp)
fu('exponential', 'edge-f16', 'exp on f16: exp(11) finite, exp(11.1) > 65504 overflows, exp(-17) is an f16 subnormal.', 'f16', [11.0, '11.1', -17.0, 1.0], [None]*4, mp.exp)
fu('exponential', 'edge-bf16', 'exp on bf16.', 'bf16', [1.0, 88.0, 89.0, -100.0], [None]*4, mp.exp)
fu('exponential', 'edge-f64', 'exp on f64 near overflow (709.78 finite, 709.79 inf) and underflow to subnormals (-745).', 'f64', ['709.78', '709.79', -745.0, '-745.2'], [None]*4, mp.exp)
fuc('exponential', 'edge-complex', 'Complex exp(a+bi) = e^a (cos b + i sin b); each part correctly rounded.', 'complex<f32>', [(1.0, 1.0), (0.0, '3.14159265'), (NZ, 0.0)], mp.exp, ys=[None, None, (1.0, 0.0)])

# ---------------------------------------------------------------- exponential_minus_one
fu('exponential_minus_one', 'example-1', ["From the spec's `exponential_minus_one` example (f64); the spec prints e-1 as 1.71828187 for display,", 'here it is the correctly rounded f64 value.'], 'f64', [0.0, 1.0], [0.0, None], mp.expm1)
unary('exponential_minus_one', 'edge-special', 'expm1(-0) = -0, expm1(+inf) = +inf, expm1(-inf) = -1, NaN propagates.', 'f32', [NZ, 0.0, 'inf', '-inf', 'nan'], [NZ, 0.0, INF, -1.0, NAN])
fu('exponential_minus_one', 'edge-tiny', 'expm1 of tiny arguments is accurate (no cancellation): expm1(x) ~ x + x^2/2.', 'f32', ['1e-10', '-1e-10', '1e-5', F32SUB], [None]*4, mp.expm1)
fu('exponential_minus_one', 'edge-overflow', 'expm1 overflow to +inf and saturation to -1 on f32.', 'f32', ['88.72283', 89.0, -20.0, -100.0], [None]*4, mp.expm1)
fu('exponential_minus_one', 'edge-f16', 'expm1 on f16.', 'f16', ['0.001', 1.0, 12.0, -20.0], [None]*4, mp.expm1)
fu('exponential_minus_one', 'edge-bf16', 'expm1 on bf16.', 'bf16', ['0.001', 1.0, -1.0, 100.0], [None]*4, mp.expm1)
fu('exponential_minus_one', 'edge-f64', 'expm1 on f64 (tiny, subnormal, large).', 'f64', ['1e-300', F64SUB, '-0.5', 700.0], [None]*4, mp.expm1)

# ---------------------------------------------------------------- log
fu('log', 'example-1', "From the spec's `log` example (f64).", 'f64', [1.0, 2.0, 3.0, 4.0], [0.0, None, None, None], mp.log, shape=(2, 2))
unary('log', 'edge-special', 'log(+-0) = -inf, log(1) = +0, log(+inf) = +inf, log(negative) = NaN, log(-inf) = NaN.', 'f32', [0.0, NZ, 1.0, 'inf', -1.0, '-inf', 'nan'], [-INF, -INF, 0.0, INF, NAN, NAN, NAN])
fu('log', 'edge-subnormal', 'log of f32 subnormals and of the largest finite f32.', 'f32', [F32SUB, F32MIN / 2, F32MAX], [None]*3, mp.log)
fu('log', 'edge-near-one', 'log close to 1 (1 +- one ulp) on f32, correctly rounded.', 'f32', [1.0000001192092896, 0.9999999403953552, '0.5', 10.0], [None]*4, mp.log)
fu('log', 'edge-f16', 'log on f16 (smallest subnormal, max, 2).', 'f16', [F16SUB, F16MAX, 2.0], [None]*3, mp.log)
fu('log', 'edge-bf16', 'log on bf16.', 'bf16', [2.0, BF16MAX, '1e-40'], [None]*3, mp.log)
fu('log', 'edge-f64', 'log on f64 (smallest subnormal, max, 10).', 'f64', [F64SUB, F64MAX, 10.0], [None]*3, mp.log)
fuc('log', 'edge-complex', 'Complex log z = log|z| + i arg z; log(-1+0i) = i*pi, log(-1-0i) = -i*pi (branch cut), each part correctly rounded.', 'complex<f32>', [(-1.0, 0.0), (-1.0, NZ), (1.0, 1.0), (0.0, 2.0)], mp.log, ys=[None, (0.0, -mp.pi), None, None])

# ---------------------------------------------------------------- log_plus_one
fu('log_plus_one', 'example-1', ["From the spec's `log_plus_one` example (f64); the spec prints results with 9 digits for display,", 'here they are the correctly rounded f64 values of log1p of the f64 inputs as written.'], 'f64', [0.0, '-0.999', 7.0, '6.38905621', 15.0], [0.0, None, None, None, None], mp.log1p)
unary('log_plus_one', 'edge-special', 'log1p(-0) = -0, log1p(-1) = -inf, log1p(x < -1) = NaN, log1p(+inf) = +inf, log1p(-inf) = NaN.', 'f32', [NZ, 0.0, -1.0, -2.0, 'inf', '-inf', 'nan'], [NZ, 0.0, -INF, NAN, INF, NAN, NAN])
fu('log_plus_one', 'edge-tiny', 'log1p of tiny arguments is accurate (log1p(x) ~ x - x^2/2); subnormal x returns x.', 'f32', ['1e-10', '-1e-10', '1e-5', F32SUB], [None]*4, mp.log1p)
fu('log_plus_one', 'edge-f16', 'log1p on f16.', 'f16', ['0.001', F16MAX, '-0.5'], [None]*3, mp.log1p)
fu('log_plus_one', 'edge-bf16', 'log1p on bf16.', 'bf16', ['0.001', BF16MAX, '-0.5'], [None]*3, mp.log1p)
fu('log_plus_one', 'edge-f64', 'log1p on f64 (tiny, subnormal, near -1, max).', 'f64', ['1e-300', F64SUB, '-0.9999999999999999', F64MAX], [None]*4, mp.log1p)

# ---------------------------------------------------------------- logistic
logi = lambda x: 1 / (1 + mp.exp(-x))
fu('logistic', 'example-1', ["From the spec's `logistic` example (f64); the spec prints results with 8 digits for display,", 'here they are the correctly rounded f64 values of 1/(1+exp(-x)).'], 'f64', [0.0, 1.0, 2.0, 3.0], [0.5, None, None, None], logi, shape=(2, 2))
unary('logistic', 'edge-special', 'logistic(+-0) = 0.5, logistic(+inf) = 1, logistic(-inf) = +0, NaN propagates.', 'f32', [0.0, NZ, 'inf', '-inf', 'nan'], [0.5, 0.5, 1.0, 0.0, NAN])
fu('logistic', 'edge-saturation', 'logistic saturates: logistic(17) rounds to 1.0 in f32; logistic(-100) ~ exp(-100) is an f32 subnormal; logistic(-104) underflows to +0.', 'f32', [17.0, -100.0, -104.0, '-0.5'], [None]*4, logi)
fu('logistic', 'edge-f16', 'logistic on f16 (logistic(-17) is an f16 subnormal).', 'f16', [1.0, -17.0, 8.0, '-0.25'], [None]*4, logi)
fu('logistic', 'edge-bf16', 'logistic on bf16.', 'bf16', [1.0, -50.0, 6.0], [None]*3, logi)
fu('logistic', 'edge-f32', 'logistic on ordinary f32 values, correctly rounded.', 'f32', [1.0, -1.0, '0.1', 10.0], [None]*4, logi)

# ---------------------------------------------------------------- sine / cosine / tan / tanh
trig_in = [0.0, '1.57079632', '3.14159265', '4.71238898']
fu('sine', 'example-1', ["From the spec's `sine` example (f32, inputs as written: [0, ~pi/2, ~pi, ~3pi/2]); the spec prints the results", 'rounded for display ([[0, 1], [0, -1]]); here they are sin of the f32 inputs, correctly rounded.'], 'f32', trig_in, [0.0, None, None, None], mp.sin, shape=(2, 2))
unary('sine', 'edge-special', 'sin(+-0) = +-0, sin(+-inf) = NaN, NaN propagates.', 'f32', [NZ, 0.0, 'inf', '-inf', 'nan'], [NZ, 0.0, NAN, NAN, NAN])
fu('sine', 'edge-tiny', 'sin of tiny arguments rounds to the argument (including subnormals).', 'f32', ['1e-20', '-1e-30', F32SUB, -F32MIN], [None]*4, mp.sin)
fu('sine', 'edge-large', 'sin of large f32 arguments needs exact argument reduction (f32 max, 1e10, 2^120).', 'f32', [F32MAX, '1e10', 2.0**120, -100000.0], [None]*4, mp.sin)
fu('sine', 'edge-f64', 'sin on f64: 1e22 (classic argument-reduction test), f64 max, nearest double to pi.', 'f64', [1e22, F64MAX, float(mp.pi), 1.0], [None]*4, mp.sin)
fu('sine', 'edge-f16', 'sin on f16.', 'f16', [1.0, F16MAX, '3.14', '-0.001'], [None]*4, mp.sin)
fu('sine', 'edge-bf16', 'sin on bf16.', 'bf16', [1.0, BF16MAX, '3.14'], [None]*3, mp.sin)
fuc('sine', 'edge-complex', 'Complex sin(a+bi) = sin a cosh b + i cos a sinh b, each part correctly rounded.', 'complex<f32>', [(1.0, 1.0), ('0.5', 2.0), (NZ, 0.0)], mp.sin, ys=[None, None, (NZ, 0.0)])

fu('cosine', 'example-1', ["From the spec's `cosine` example (f32, inputs as written: [0, ~pi/2, ~pi, ~3pi/2]); the spec prints the results", 'rounded for display ([[1, 0], [-1, 0]]); here they are cos of the f32 inputs, correctly rounded.'], 'f32', trig_in, [1.0, None, None, None], mp.cos, shape=(2, 2))
unary('cosine', 'edge-special', 'cos(+-0) = 1, cos(+-inf) = NaN, NaN propagates.', 'f32', [NZ, 0.0, 'inf', '-inf', 'nan'], [1.0, 1.0, NAN, NAN, NAN])
fu('cosine', 'edge-tiny', 'cos of tiny arguments rounds to 1.0.', 'f32', ['1e-20', F32SUB, '-0.0001'], [None]*3, mp.cos)
fu('cosine', 'edge-large', 'cos of large f32 arguments needs exact argument reduction.', 'f32', [F32MAX, '1e10', 2.0**120, -100000.0], [None]*4, mp.cos)
fu('cosine', 'edge-f64', 'cos on f64: 1e22, f64 max, nearest double to pi/2.', 'f64', [1e22, F64MAX, float(mp.pi / 2), 1.0], [None]*4, mp.cos)
fu('cosine', 'edge-f16', 'cos on f16.', 'f16', [1.0, F16MAX, '1.5708'], [None]*3, mp.cos)
fu('cosine', 'edge-bf16', 'cos on bf16.', 'bf16', [1.0, BF16MAX, '1.5708'], [None]*3, mp.cos)
fuc('cosine', 'edge-complex', 'Complex cos(a+bi) = cos a cosh b - i sin a sinh b, each part correctly rounded.', 'complex<f32>', [(1.0, 1.0), ('0.5', 2.0)], mp.cos)

fu('tan', 'example-1', ["From the spec's `tan` example (f64, inputs as written); the spec's printed results (1.63312e+16, 5.44375e+15)",
   'belong to the doubles nearest pi/2 and 3pi/2 (see edge-pi-f64); here the results are tan of the inputs as written, correctly rounded.'], 'f64', trig_in, [0.0, None, None, None], mp.tan, shape=(2, 2))
fu('tan', 'edge-pi-f64', "tan of the doubles nearest pi/2, pi and 3pi/2 (what the spec's tan example prints: 1.63312e+16, ~0, 5.44375e+15).", 'f64', [float(mp.pi / 2), float(mp.pi), float(3 * mp.pi / 2)], [None]*3, mp.tan)
unary('tan', 'edge-special', 'tan(+-0) = +-0, tan(+-inf) = NaN, NaN propagates.', 'f32', [NZ, 0.0, 'inf', '-inf', 'nan'], [NZ, 0.0, NAN, NAN, NAN])
fu('tan', 'edge-f32', 'tan on f32 including the float nearest pi/2 and a large argument.', 'f32', [1.0, float(mp.mpf(rnd(mp.pi / 2, 'f32'))), F32MAX, '1e-20'], [None]*4, mp.tan)
fu('tan', 'edge-f64-large', 'tan on large f64 arguments (1e22, f64 max).', 'f64', [1e22, F64MAX], [None]*2, mp.tan)
fu('tan', 'edge-f16', 'tan on f16.', 'f16', [1.0, '1.5708', F16MAX], [None]*3, mp.tan)
fu('tan', 'edge-bf16', 'tan on bf16.', 'bf16', [1.0, '1.5708', BF16MAX], [None]*3, mp.tan)

fu('tanh', 'example-1', ["From the spec's `tanh` example (f32); the spec prints tanh(1) as 0.76159416, which is also", 'the correctly rounded f32 value.'], 'f32', [-1.0, 0.0, 1.0], [None, 0.0, None], mp.tanh)
unary('tanh', 'edge-special', 'tanh(+-0) = +-0, tanh(+-inf) = +-1, NaN propagates.', 'f32', [NZ, 0.0, 'inf', '-inf', 'nan'], [NZ, 0.0, 1.0, -1.0, NAN])
fu('tanh', 'edge-saturation', 'tanh saturates: tanh(10) and tanh(-9.01) round to +-1 in f32; tanh(8) does not.', 'f32', [10.0, '-9.01', 8.0, 20.0], [None]*4, mp.tanh)
fu('tanh', 'edge-tiny', 'tanh of tiny arguments rounds to the argument (including subnormals).', 'f32', ['1e-10', -F32SUB, '0.001'], [None]*3, mp.tanh)
fu('tanh', 'edge-f16', 'tanh on f16.', 'f16', [1.0, 4.0, '-0.001', F16SUB], [None]*4, mp.tanh)
fu('tanh', 'edge-bf16', 'tanh on bf16.', 'bf16', [1.0, 4.0, '-0.001'], [None]*3, mp.tanh)
fu('tanh', 'edge-f64', 'tanh on f64.', 'f64', [1.0, '0.5', 19.0, '-1e-300'], [None]*4, mp.tanh)
