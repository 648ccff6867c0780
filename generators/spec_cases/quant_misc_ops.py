"""Spec cases for the quantized forms of the whole ops that the spec defines through
dequantize_op_quantize (batch_norm_inference, cholesky, triangular_solve, reduce_precision) and
dequantize_batch_norm_grad_or_training_quantize (batch_norm_training, batch_norm_grad), quantized iota
(output = quantize(index)), quantized is_finite (always true), reduce_precision with mantissa_bits = 0,
and dot_general with an explicit bf16 dot_algorithm (plain and the bf16_6x decomposition).

Quantized values go in and come out through bitcast_convert to and from the storage type, as in
conv_quant_ops.py and quant_region_ops.py, and the quantize/dequantize model is quant_region_ops.Q (the
spec's formulas in exact Fraction arithmetic; it asserts that no step rounds). The float op in the middle
is a Python model written from the op's formula: batch_norm_* reuse linalg_ops' exact and op-by-op models
(both must agree), cholesky and triangular_solve use Fraction arithmetic on chosen factors / solutions,
reduce_precision uses XLA's bit formula on the f32 encoding. Every quantized result is checked to lie far
from a quantization tie (at least 1/8 of the scale away), so an implementation whose float steps round
differently still lands on the same integer. dot_general expected values are exact dot products rounded
once to f32; every product is a multiple of one power of two 2^k and the sum of their magnitudes stays
below 2^24 * 2^k, so every partial sum of every order is an f32 value."""
from fractions import Fraction
import struct
from shape_lib import *
from quant_region_ops import Q, qin, qcheck, same           # gen_all.py imports quant_region_ops first
from linalg_ops import Arith, agree, bn_inference, bn_training, bn_grad, bn_attrs   # and linalg_ops


def fl(f):
    """The float value of a Fraction that must be an f32 value."""
    assert Fraction(rnd(mpf(f.numerator) / f.denominator, 'f32')) == f, f
    return float(f)

def qfar(q, x):
    """quantize(x) into q, asserting that x / scale + zero_point is at least 1/8 away from a half-integer
    (so neighbouring float results quantize alike) unless it clamps."""
    v = Fraction(x) / q.scale + q.zp
    if SMIN_[q.st] <= v <= SMAX_[q.st]:
        d = v - (v.numerator // v.denominator)
        assert abs(d - Fraction(1, 2)) >= Fraction(1, 8), ('near a quantization tie', x, v)
    return q.quant(x)

SMIN_ = {'i8': -128, 'i16': -32768}
SMAX_ = {'i8': 127, 'i16': 32767}

def fmt(xs):
    return '[' + ', '.join(fmt_v(x) for x in xs) + ']'

def fmt_v(x):
    """An integer-valued number as an integer, any other f32 value as its shortest f32 literal."""
    if isinstance(x, Fraction): x = fl(x)
    if x == int(x): return str(int(x))
    return lit(x, 'f32')

def qdesc(q):
    return '%s (scale %s, zero point %d)' % (q.st, q.scale_text, q.zp)

def deq_note(name, t, q):
    return '%s: %s -> storage %s dequantizes to %s.' % (name, qdesc(q), fmt(t.data), fmt([q.deq(v) for v in t.data]))

def quant_note(name, vals, q, out):
    return '%s: %s gets quantize(%s) = %s.' % (name, qdesc(q), fmt(vals), fmt(out))


# ---------------------------------------------------------------- batch_norm_* (quantized)
def mp_map(t, q):
    return {i: mpf(float(q.deq(t[i]))) for i in idxs(t.shape)}

def mp_vec(t, q):
    return [mpf(float(q.deq(v))) for v in t.data]

def exact_or_rounded(ex, rd):
    """linalg_ops.agree on f32: the exact results rounded once equal the op-by-op ones."""
    return agree(ex, rd, 'f32')

def qbni(stem, comment, x, qx, s, qs, o, qo, m, qm, v, qv, eps, fi, qr, printed):
    args = [mp_map(x, qx), x.shape, fi, mp_vec(s, qs), mp_vec(o, qo), mp_vec(m, qm), mp_vec(v, qv), mpf(rnd(mpf(eps), 'f32'))]
    ex = bn_inference(Arith('f32', False), *args); rd = bn_inference(Arith('f32', True), *args)
    keys = list(idxs(x.shape))
    fres = exact_or_rounded([ex[k] for k in keys], [rd[k] for k in keys])
    r = T([qfar(qr, f) for f in fres], x.shape)
    same(r, printed)
    n = len(s.data)
    notes = [deq_note('operand', x, qx), deq_note('scale', s, qs), deq_note('offset', o, qo), deq_note('mean', m, qm),
             deq_note('variance', v, qv), 'Float batch_norm_inference (epsilon %s, feature_index %d): %s.' % (fmt_v(eps), fi, fmt(fres)),
             quant_note('result', fres, qr, r.data)]
    write('batch_norm_inference', stem, comment + notes,
          qin('operand', x, qx) + qin('scale', s, qs) + qin('offset', o, qo) + qin('mean', m, qm) + qin('variance', v, qv) + [
        '%%result = "stablehlo.batch_norm_inference"(%%operand, %%scale, %%offset, %%mean, %%variance) %s : (%s, %s, %s, %s, %s) -> %s' % (
            bn_attrs(eps, fi), tty(x, qx.text), tty(s, qs.text), tty(o, qo.text), tty(m, qm.text), tty(v, qv.text), tty(x, qr.text))] +
        qcheck('result', r, qr))

def qbnt(stem, comment, x, qx, s, qs, o, qo, eps, fi, qout, qmean, qvar, printed):
    args = [mp_map(x, qx), x.shape, fi, mp_vec(s, qs), mp_vec(o, qo), mpf(rnd(mpf(eps), 'f32'))]
    ex, exm, exv = bn_training(Arith('f32', False), *args); rd, rdm, rdv = bn_training(Arith('f32', True), *args)
    keys = list(idxs(x.shape)); fk = list(range(len(s.data)))
    fout = exact_or_rounded([ex[k] for k in keys], [rd[k] for k in keys])
    fmean = exact_or_rounded([exm[f] for f in fk], [rdm[f] for f in fk])
    fvar = exact_or_rounded([exv[f] for f in fk], [rdv[f] for f in fk])
    out = T([qfar(qout, f) for f in fout], x.shape); mean = T([qfar(qmean, f) for f in fmean]); var = T([qfar(qvar, f) for f in fvar])
    same(out, printed[0]); same(mean, printed[1]); same(var, printed[2])
    notes = [deq_note('operand', x, qx), deq_note('scale', s, qs), deq_note('offset', o, qo),
             'Float batch_norm_training (epsilon %s, feature_index %d): output %s, batch_mean %s, batch_var %s.' % (
                 fmt_v(eps), fi, fmt(fout), fmt(fmean), fmt(fvar)),
             quant_note('output', fout, qout, out.data), quant_note('batch_mean', fmean, qmean, mean.data),
             quant_note('batch_var', fvar, qvar, var.data)]
    write('batch_norm_training', stem, comment + notes, qin('operand', x, qx) + qin('scale', s, qs) + qin('offset', o, qo) + [
        '%%output, %%batch_mean, %%batch_var = "stablehlo.batch_norm_training"(%%operand, %%scale, %%offset) %s : (%s, %s, %s) ->\n    (%s, %s, %s)' % (
            bn_attrs(eps, fi), tty(x, qx.text), tty(s, qs.text), tty(o, qo.text), tty(x, qout.text), tty(mean, qmean.text), tty(var, qvar.text))] +
        qcheck('output', out, qout) + qcheck('batch_mean', mean, qmean) + qcheck('batch_var', var, qvar))

def qbng(stem, comment, x, qx, s, qs, m, qm, v, qv, go, qgo, eps, fi, qgop, qgs, qgf, printed):
    args = [mp_map(x, qx), x.shape, fi, mp_vec(s, qs), mp_vec(m, qm), mp_vec(v, qv), mp_map(go, qgo), mpf(rnd(mpf(eps), 'f32'))]
    exo, exs, exf = bn_grad(Arith('f32', False), *args); rdo, rds, rdf = bn_grad(Arith('f32', True), *args)
    keys = list(idxs(x.shape)); fk = list(range(len(s.data)))
    fop = exact_or_rounded([exo[k] for k in keys], [rdo[k] for k in keys])
    fsc = exact_or_rounded([exs[f] for f in fk], [rds[f] for f in fk])
    fof = exact_or_rounded([exf[f] for f in fk], [rdf[f] for f in fk])
    gop = T([qfar(qgop, f) for f in fop], x.shape); gs = T([qfar(qgs, f) for f in fsc]); gf = T([qfar(qgf, f) for f in fof])
    same(gop, printed[0]); same(gs, printed[1]); same(gf, printed[2])
    notes = [deq_note('operand', x, qx), deq_note('scale', s, qs), deq_note('mean', m, qm), deq_note('variance', v, qv),
             deq_note('grad_output', go, qgo),
             'Float batch_norm_grad (epsilon %s, feature_index %d): grad_operand %s, grad_scale %s, grad_offset %s.' % (
                 fmt_v(eps), fi, fmt(fop), fmt(fsc), fmt(fof)),
             quant_note('grad_operand', fop, qgop, gop.data), quant_note('grad_scale', fsc, qgs, gs.data),
             quant_note('grad_offset', fof, qgf, gf.data)]
    write('batch_norm_grad', stem, comment + notes,
          qin('operand', x, qx) + qin('scale', s, qs) + qin('mean', m, qm) + qin('variance', v, qv) + qin('grad_output', go, qgo) + [
        '%%grad_operand, %%grad_scale, %%grad_offset =\n"stablehlo.batch_norm_grad"(%%operand, %%scale, %%mean, %%variance, %%grad_output) %s : (%s, %s, %s, %s,\n     %s) -> (%s, %s, %s)' % (
            bn_attrs(eps, fi), tty(x, qx.text), tty(s, qs.text), tty(m, qm.text), tty(v, qv.text), tty(go, qgo.text),
            tty(x, qgop.text), tty(gs, qgs.text), tty(gf, qgf.text))] +
        qcheck('grad_operand', gop, qgop) + qcheck('grad_scale', gs, qgs) + qcheck('grad_offset', gf, qgf))

BNI = ['Spec (batch_norm_inference): "For quantized types, performs dequantize_op_quantize(lambda operand, scale, offset,',
       'mean, variance: batch_norm_inference(operand, scale, offset, mean, variance, epsilon, feature_index), operand, scale,',
       'offset, mean, variance, type(result))": every operand is dequantized, the float op runs, the result is quantized.']
qbni('quantized', BNI + ['Per-tensor quantized i8 operands, each with its own scale and zero point; every float step is exact and',
     'the float results are multiples of the result scale. Float: feature 0: 2 * (x - 3) / sqrt(3.75 + 0.25) + 0.5 = x - 2.5;',
     'feature 1: -1 * (x - 0) / sqrt(0.75 + 0.25) + 3 = 3 - x.'],
     T([5, -1, 9, 3], (2, 2)), Q('i8', '0.5', 1), T([8, -4]), Q('i8', '0.25', 0), T([1, 6]), Q('i8', '0.5', 0),
     T([7, 1]), Q('i8', '0.5', 1), T([15, 3]), Q('i8', '0.25', 0), 0.25, 1, Q('i8', '0.25', -3), [-5, 13, 3, 5])
qbni('quantized-irrational-clamp', BNI + ['variance 2, epsilon 0: the float result (x - m) / sqrt(2) + o is irrational; it is rounded to',
     'f32 (the op-by-op f32 result agrees, asserted by the generator) and then quantized with scale 0.25, where it lies far',
     'from a tie (4 / sqrt(2) + 1 = 3.83, / 0.25 = 15.3 -> 15). The last element, 100 / sqrt(2) + 1 = 71.7 (/ 0.25 = 286.8),',
     'clamps to the storage maximum 127.'],
     T([4, 0, -4, 100], (4, 1)), Q('i8', '1.0', 0), T([4]), Q('i8', '0.25', 0), T([4]), Q('i8', '0.25', 0),
     T([0]), Q('i8', '1.0', 0), T([4]), Q('i8', '0.5', 0), 0.0, 1, Q('i8', '0.25', 0), [15, 4, -7, 127])

BNT = ['Spec (batch_norm_training): "For quantized types, performs dequantize_batch_norm_grad_or_training_quantize(lambda',
       'operand, scale, offset: batch_norm_training(operand, scale, offset, epsilon, feature_index), operand, scale, offset,',
       'type(output), type(batch_mean), type(batch_var))": the inputs are dequantized, and each of the three float results is',
       'quantized into its own declared type (here three different scales / zero points).']
qbnt('quantized', BNT + ['feature_index = 0 on 2x4: feature 0 [1, 2, 3, 4] has mean 2.5 and variance 1.25, plus epsilon 2.75 gives',
     'stddev 2, so output = 2 * (x - 2.5) / 2 + 0 = x - 2.5; feature 1 is constant -5 (variance 0), so its outputs are the',
     'offset 0.5.'],
     T([2, 4, 6, 8, -10, -10, -10, -10], (2, 4)), Q('i8', '0.5', 0), T([8, 4]), Q('i8', '0.25', 0), T([0, 1]), Q('i8', '0.5', 0),
     2.75, 0, Q('i8', '0.25', 2), Q('i8', '0.5', -1), Q('i8', '0.125', 0),
     ([-4, 0, 4, 8, 4, 4, 4, 4], [4, -11], [10, 0]))
qbnt('quantized-clamp', BNT + ['2x2x2 with feature_index = 1, epsilon 0: feature 0 [0, 4, 0, 4] (mean 2, variance 4, scale 1) gives',
     '(x - 2) / 2 = +-1; feature 1 [1, 1, 3, 3] (mean 2, variance 1, scale 4) gives 4 * (x - 2) = +-4. The output type has',
     'scale 1/32, so -4 -> -128 is exact and 4 -> 128 clamps to the storage maximum 127.'],
     T([-2, 2, -1, -1, -2, 2, 1, 1], (2, 2, 2)), Q('i8', '1.0', -2), T([4, 16]), Q('i8', '0.25', 0), T([0, 0]), Q('i8', '0.5', 0),
     0.0, 1, Q('i8', '0.03125', 0), Q('i8', '0.25', 1), Q('i8', '0.5', -3),
     ([-32, 32, -128, -128, -32, 32, 127, 127], [9, 9], [5, -1]))

BNG = ['Spec (batch_norm_grad): "For quantized types, performs dequantize_batch_norm_grad_or_training_quantize(lambda operand,',
       'scale, mean, variance, grad_output: batch_norm_grad(...), operand, scale, mean, variance, grad_output, type(grad_operand),',
       'type(grad_scale), type(feature_index))"; the last type is read as type(grad_offset) (the op has no result of',
       'feature_index\'s type): the inputs are dequantized and each float result is quantized into its own declared type.']
qbng('quantized', BNG + ['2x2 with feature_index = 1, variance + epsilon = 3 + 1 = 4 (stddev 2): every intermediate of the',
     "spec's decomposition is exact."],
     T([2, 8, 6, 0], (2, 2)), Q('i8', '0.5', 0), T([8, 4]), Q('i8', '0.25', 0), T([4, 4]), Q('i8', '0.5', 0),
     T([12, 12]), Q('i8', '0.25', 0), T([3, -3, 7, 2], (2, 2)), Q('i8', '0.5', 1), 1.0, 1,
     Q('i8', '0.125', 0), Q('i8', '0.25', -2), Q('i8', '0.5', 3),
     ([-6, 0, 6, 0], [2, -12], [11, 0]))
qbng('quantized-example', BNG + ["The spec's batch_norm_grad example (2x2x2, feature_index = 2, epsilon 0) with grad_output 0.25",
     'instead of 0.1 (a multiple of the scale): grad_operand and grad_scale are 0 (their zero points), grad_offset is',
     '4 * 0.25 = 1.'],
     T([2, 4, 6, 8, 6, 8, 2, 4], (2, 2, 2)), Q('i8', '0.5', 0), T([4, 4]), Q('i8', '0.25', 0), T([5, 7]), Q('i8', '0.5', 1),
     T([4, 4]), Q('i8', '0.25', 0), T([1] * 8, (2, 2, 2)), Q('i8', '0.25', 0), 0.0, 2,
     Q('i8', '0.5', -7), Q('i8', '0.125', 5), Q('i8', '0.125', -1),
     ([-7] * 8, [5, 5], [7, 7]))


# ---------------------------------------------------------------- cholesky (quantized)
def tri_mask_lines(n, lower, batch=()):
    """%mask: lower (row >= column) or upper (row <= column) triangle, built from two iotas and a compare."""
    shape = tuple(batch) + (n, n); r = len(shape)
    it = ttype(shape, 'i32'); mt = ttype(shape, 'i1')
    return ['%%rows = "stablehlo.iota"() {\n  iota_dimension = %d : i64\n} : () -> %s' % (r - 2, it),
            '%%cols = "stablehlo.iota"() {\n  iota_dimension = %d : i64\n} : () -> %s' % (r - 1, it),
            '%%mask = "stablehlo.compare"(%%rows, %%cols) {\n  comparison_direction = #stablehlo<comparison_direction %s>\n} : (%s, %s) -> %s' % (
                'GE' if lower else 'LE', it, it, mt)]

def qcholesky(stem, comment, L, qa, qr, lower, printed_a, printed):
    """L: lower-triangular factor (rows of numbers); a = L L^T."""
    n = len(L)
    Lf = [[Fraction(L[i][j]) if j <= i else Fraction(0) for j in range(n)] for i in range(n)]
    for i in range(n): assert Lf[i][i] > 0
    A = [[sum(Lf[i][k] * Lf[j][k] for k in range(n)) for j in range(n)] for i in range(n)]
    a = T([qa.quant(A[i][j]) for i in range(n) for j in range(n)], (n, n))
    for i in range(n):
        for j in range(n): assert qa.deq(a[(i, j)]) == A[i][j]
    fres = [Lf[i][j] if lower else Lf[j][i] for i in range(n) for j in range(n)]
    keep = [(j <= i) if lower else (j >= i) for i in range(n) for j in range(n)]
    r = T([qfar(qr, f) if k else qr.zp for f, k in zip(fres, keep)], (n, n))
    same(a, printed_a); same(r, printed)
    st = ttype((n, n), qr.st)
    notes = [deq_note('a', a, qa),
             'Float cholesky (lower = %s): %s (row-major; the opposite triangle shown as 0).' % (str(lower).lower(), fmt(fres)),
             quant_note('result (checked triangle)', [f for f, k in zip(fres, keep) if k], qr, [v for v, k in zip(r.data, keep) if k]),
             'The opposite triangle is implementation-defined (spec), so the result storage goes through a select with an',
             'iota-built %s-triangle mask that puts the zero point %d (the quantization of 0) there before the check.' % (
                 'lower' if lower else 'upper', qr.zp)]
    write('cholesky', stem, comment + notes, qin('a', a, qa) + [
        '%%result = "stablehlo.cholesky"(%%a) {\n  lower = %s\n} : (%s) -> %s' % (str(lower).lower(), tty(a, qa.text), tty(a, qr.text)),
        '%%result_storage = "stablehlo.bitcast_convert"(%%result) : (%s) -> %s' % (tty(a, qr.text), st)] +
        tri_mask_lines(n, lower) + [
        tconst('zero_point', T([qr.zp] * (n * n), (n, n)), qr.st),
        '%%masked = "stablehlo.select"(%%mask, %%result_storage, %%zero_point) : (%s, %s, %s) -> %s' % (ttype((n, n), 'i1'), st, st, st),
        tcheck('masked', r, qr.st)])

CHOL = ['Spec (cholesky): "For quantized types, performs dequantize_op_quantize(lambda operand: cholesky(operand, lower), a,',
        'type(result))": a is dequantized, factored in floating point, and the factor quantized into the result type.']
qcholesky('quantized', CHOL + ['a = [[4, 2], [2, 5]] has the exact integer factor L = [[2, 0], [1, 2]] (lower = true).'],
          [[2, 0], [1, 2]], Q('i8', '0.5', 0), Q('i8', '0.25', -1), True, [8, 4, 4, 10], [7, -1, 3, 7])
qcholesky('quantized-upper', CHOL + ['lower = false on a 3x3 i16 matrix: the upper factor U with a = U^T U is the transpose of the dyadic',
          'lower factor L = [[2, 0, 0], [-1, 0.5, 0], [0.5, 3, 4]] (every step of the factorisation is exact).'],
          [[2, 0, 0], [-1, 0.5, 0], [0.5, 3, 4]], Q('i16', '0.125', 3), Q('i16', '0.0625', -10), False,
          [35, -13, 11, -13, 13, 11, 11, 11, 205], [22, -26, -2, -10, -2, 38, -10, -10, 54])


# ---------------------------------------------------------------- triangular_solve (quantized)
def qtsolve(stem, comment, a, junk, x, qa, qb, qr, left, lower, trans, printed_b, printed):
    """a: n x n values of the used triangle (others ignored); junk: value (storage) put into the unused triangle;
    x: chosen solution; b = op(a) x (left) or x op(a)."""
    n = len(a)
    used = lambda i, j: (j <= i) if lower else (j >= i)
    Af = [[Fraction(a[i][j]) if used(i, j) else Fraction(0) for j in range(n)] for i in range(n)]
    Op = Af if trans == 'NO_TRANSPOSE' else [[Af[j][i] for j in range(n)] for i in range(n)]
    Xf = [[Fraction(v) for v in row] for row in x]
    rows, cols = len(Xf), len(Xf[0])
    if left:
        Bf = [[sum(Op[i][k] * Xf[k][j] for k in range(n)) for j in range(cols)] for i in range(n)]
    else:
        Bf = [[sum(Xf[i][k] * Op[k][j] for k in range(n)) for j in range(n)] for i in range(rows)]
    at = T([qa.quant(Af[i][j]) if used(i, j) else junk for i in range(n) for j in range(n)], (n, n))
    for i in range(n):
        for j in range(n):
            if used(i, j): assert qa.deq(at[(i, j)]) == Af[i][j]
    bt = T([qb.quant(v) for row in Bf for v in row], (len(Bf), len(Bf[0])))
    for v, b in zip(bt.data, [v for row in Bf for v in row]): assert qb.deq(v) == b
    fres = [v for row in Xf for v in row]
    r = T([qfar(qr, f) for f in fres], bt.shape)
    same(bt, printed_b); same(r, printed)
    notes = [deq_note('a', at, qa), deq_note('b', bt, qb),
             'Float triangular_solve: x = %s (row-major), exact.' % fmt(fres), quant_note('result', fres, qr, r.data)]
    write('triangular_solve', stem, comment + notes, qin('a', at, qa) + qin('b', bt, qb) + [
        '%%result = "stablehlo.triangular_solve"(%%a, %%b) {\n  left_side = %s,\n  lower = %s,\n  unit_diagonal = false,\n  transpose_a = #stablehlo<transpose %s>\n} : (%s, %s) -> %s' % (
            str(left).lower(), str(lower).lower(), trans, tty(at, qa.text), tty(bt, qb.text), tty(bt, qr.text))] +
        qcheck('result', r, qr))

TS = ['Spec (triangular_solve): "For quantized types, performs dequantize_op_quantize(lambda x, y: triangular_solve(x, y,',
      'left_side, lower, unit_diagonal, transpose_a), a, b, type(result))": a and b are dequantized, the system is solved in',
      'floating point and the solution quantized into the result type.']
qtsolve('quantized', TS + ['left_side, lower, NO_TRANSPOSE: a = [[2, 0], [1, 4]] and b = a * x for x = [[1.5, -1], [-0.25, 2]];',
        'the strict upper triangle of a holds storage 99 (49.5 after dequantizing), which the spec says is not read.'],
        [[2, 0], [1, 4]], 99, [[1.5, -1], [-0.25, 2]], Q('i8', '0.5', 0), Q('i8', '0.25', 0), Q('i8', '0.25', 2),
        True, True, 'NO_TRANSPOSE', [12, -8, 2, 28], [8, -2, 1, 10])
qtsolve('quantized-right-transpose', TS + ['left_side = false, lower = false, TRANSPOSE: solves x * a^T = b for upper-triangular',
        'a = [[4, 1, -2], [0, 2, 3], [0, 0, 0.5]] (a^T is lower-triangular), x = [[1, 0.5, -3], [-2, 0.25, 1.5]]; the strict',
        'lower triangle of a holds storage 0 (0.5 after dequantizing), which is not read.'],
        [[4, 1, -2], [0, 2, 3], [0, 0, 0.5]], 0, [[1, 0.5, -3], [-2, 0.25, 1.5]], Q('i8', '0.5', -1), Q('i8', '0.25', 0),
        Q('i8', '0.25', 0), False, False, 'TRANSPOSE', [42, -32, -6, -43, 20, 3], [4, 2, -12, -8, 1, 6])


# ---------------------------------------------------------------- reduce_precision
def f32bits(v): return struct.unpack('>I', struct.pack('>f', v))[0]
def f32val(b): return struct.unpack('>f', struct.pack('>I', b))[0]

def xla_reduce_precision(v, e, m):
    """XLA's reduce_precision on the f32 encoding (round the mantissa field to m bits, ties to an even last
    kept bit, which for m = 0 is the exponent's lowest bit; then overflow / underflow for e exponent bits)."""
    if math.isnan(v): return v
    b = f32bits(v)
    if m < 23:
        last = 1 << (23 - m); bias = (last >> 1) - 1
        b = (b + ((b & last) >> (23 - m)) + bias) & ~(last - 1) & 0xFFFFFFFF
    if e < 8:
        rbias = (1 << (e - 1)) - 1
        xe = b & 0x7F800000
        if xe > ((127 + rbias) << 23): b = (b & 0x80000000) | 0x7F800000
        elif xe <= ((127 - rbias) << 23): b = b & 0x80000000
    return f32val(b)

def rp0(stem, comment, xs, ys):
    outs = [xla_reduce_precision(float(x), 8, 0) for x in xs]
    assert outs == ys, (outs, ys)
    write('reduce_precision', stem, comment, [const('operand', xs, 'f32'),
        '%%output = stablehlo.reduce_precision %%operand, format = e8m0 : %s' % ttype((len(xs),), 'f32'),
        check('output', outs, 'f32')])

RP0 = ['Spec (reduce_precision): the mantissa is rounded "to the nearest value representable with mantissa_bits using',
       'roundToIntegralTiesToEven semantics". With mantissa_bits = 0 (format e8m0 on f32) the representable values are the',
       'powers of two, and XLA computes the rounding on the encoding: last = 1 << (23 - m), bias = (last >> 1) - 1,',
       "bits' = (bits + ((bits & last) >> (23 - m)) + bias) & ~(last - 1); the last kept bit is the exponent's lowest bit,",
       'so a tie goes to the power of two whose biased exponent is even (e = 8 on f32: no exponent step).']
rp0('edge-mantissa-0-ties', RP0 + ['Ties: 1.5 -> 2.0 (biased exponents 127 / 128), 3.0 -> 2.0 (128 / 129), 6.0 -> 8.0 (129 / 130),',
    '0.75 -> 0.5 (126 / 127), -3.0 -> -2.0 (the sign does not matter).'],
    [1.5, 3.0, 6.0, 0.75, -3.0], [2.0, 2.0, 8.0, 0.5, -2.0])
rp0('edge-mantissa-0-nearest', RP0 + ['Non-ties go to the nearest power of two: 1.4 -> 1.0, 1.6 -> 2.0, 5.0 -> 4.0, 7.0 -> 8.0, -0.7 -> -0.5;',
    'powers of two are kept; 2^127 * 1.75 rounds up to 2^128, which is +inf.'],
    ['1.4', '1.6', 5.0, 7.0, '-0.7', 0.25, 2.0 ** 127 * 1.75], [1.0, 2.0, 4.0, 8.0, -0.5, 0.25, INF])

def qrp(stem, comment, qs, qx, qr, e, m, printed):
    x = T(qs)
    fin = [float(qx.deq(v)) for v in x.data]
    fres = [xla_reduce_precision(v, e, m) for v in fin]
    r = T([qfar(qr, Fraction(v)) for v in fres])
    same(r, printed)
    notes = [deq_note('operand', x, qx), 'Float reduce_precision e%dm%d (XLA encoding arithmetic, ties to even): %s.' % (e, m, fmt(fres)),
             quant_note('output', fres, qr, r.data)]
    write('reduce_precision', stem, comment + notes, qin('operand', x, qx) + [
        '%%output = stablehlo.reduce_precision %%operand, format = e%dm%d : (%s) -> %s' % (e, m, tty(x, qx.text), tty(x, qr.text))] +
        qcheck('output', r, qr))

RPQ = ['Spec (reduce_precision): "For quantized types, performs dequantize_op_quantize(lambda operand: reduce_precision(operand,',
       'exponent_bits, mantissa_bits), operand, type(result))".']
qrp('edge-quantized', RPQ + ['e8m1 keeps 2 significant bits: 1.125 -> 1.0, 1.25 -> 1.0 (tie, even), 1.75 -> 2.0 (tie, even),',
    '-1.375 -> -1.5, 12.5 -> 12.0; 15.875 -> 16.0, which is 128 in the scale 0.125 and clamps to the storage maximum 127.'],
    [9, 10, 14, -11, 100, 127], Q('i8', '0.125', 0), Q('i8', '0.125', 0), 8, 1, [8, 8, 16, -12, 96, 127])
qrp('edge-quantized-requantize', RPQ + ['e5m2 (an f8 format) with a result type of another scale and zero point: 5.5 -> 6.0 (tie, even),',
    '4.5 -> 4.0 (tie, even), 9.0 -> 8.0, -7.5 -> -8.0 (tie, even), 0.5 -> 0.5, then quantized with scale 0.25, zero point -4.'],
    [11, 9, 18, -15, 1], Q('i8', '0.5', 0), Q('i8', '0.25', -4), 5, 2, [20, 12, 28, -36, -2])


# ---------------------------------------------------------------- iota (quantized)
def qiota(stem, comment, shape, dim, q, printed):
    vals = [idx[dim] for idx in idxs(shape)]
    r = T([q.quant(Fraction(v)) for v in vals], shape)
    same(r, printed)
    write('iota', stem, comment + ['%s: index i -> quantize(i) = round_nearest_even(clamp(i / %s + %d)) = %s (row-major).' % (
        qdesc(q), q.scale_text, q.zp, fmt(r.data))], [
        '%%output = "stablehlo.iota"() {\n  iota_dimension = %d : i64\n} : () -> %s' % (dim, ttype(shape, q.text)),
        '%%output_storage = "stablehlo.bitcast_convert"(%%output) : (%s) -> %s' % (ttype(shape, q.text), ttype(shape, q.st)),
        tcheck('output_storage', r, q.st)])

IOTA = ['Spec (iota): output[output_index] = constant(is_quantized(output) ? quantize(output_index[iota_dimension],',
        'element_type(output)) : output_index[iota_dimension], element_type(output)).']
qiota('edge-quantized', IOTA + ['Scale 2.0, zero point 125: i / 2 + 125 gives the ties 125.5 -> 126 and 126.5 -> 126 (round half to',
      'even), and 127.5, 128, 128.5 clamp to the storage maximum 127 before the rounding.'],
      (8,), 0, Q('i8', '2.0', 125), [125, 126, 126, 126, 127, 127, 127, 127])
qiota('edge-quantized-2d', IOTA + ['A 2x4 iota along dimension 1 with scale 0.5, zero point -3 (index i -> 2 i - 3).'],
      (2, 4), 1, Q('i8', '0.5', -3), [-3, -1, 1, 3] * 2)
qiota('edge-quantized-i16-ties', IOTA + ['i16 storage, scale 4.0, zero point 0: i / 4 = 0.5 -> 0 and 1.5 -> 2 (ties to even), 0.25 -> 0,',
      '0.75 -> 1, 1.25 -> 1.'],
      (7,), 0, Q('i16', '4.0', 0), [0, 0, 0, 1, 1, 1, 2])


# ---------------------------------------------------------------- is_finite (quantized)
def qisfin(stem, comment, qs, shape, q):
    x = T(qs, shape)
    write('is_finite', stem, comment, qin('x', x, q) + [
        '%%y = "stablehlo.is_finite"(%%x) : (%s) -> %s' % (tty(x, q.text), tty(x, 'i1')),
        tcheck('y', T([True] * len(qs), shape), 'i1')])

ISF = 'Spec (is_finite): "For quantized types, the result is always true."'
qisfin('edge-quantized', [ISF, 'i8 storage (scale 0.5, zero point 1) including the storage extremes -128 and 127 and the zero point.'],
       [-128, 127, 1, 0, -5], (5,), Q('i8', '0.5', 1))
qisfin('edge-quantized-f16-2d', [ISF, 'A 2x2 i16 operand with f16 expressed type (scale 0.125, zero point -7), extremes included.'],
       [-32768, 32767, -7, 100], (2, 2), Q('i16', '0.125', -7, et='f16'))


# ---------------------------------------------------------------- dot_general with a bf16 dot_algorithm
def bf16_rn(v):
    """f32 value v rounded to bf16: round to nearest even on the top 16 bits of the encoding."""
    b = f32bits(v)
    b = (b + 0x7FFF + ((b >> 16) & 1)) & 0xFFFF0000
    return f32val(b)

def components(v, c):
    """x_1 = RN_bf16(x), x_i = RN_bf16(x - x_1 - ... - x_{i-1}) (docs/accumulation.md); asserts each step exact in f32."""
    out = []; rest = Fraction(v)
    for _ in range(c):
        xi = Fraction(bf16_rn(fl(rest))); out.append(xi); rest -= xi
    return out, rest

def order_free(terms):
    """Every partial sum of every order is an f32 value: all terms are multiples of 2^k and sum |t| < 2^24 * 2^k."""
    nz = [t for t in terms if t != 0]
    if not nz: return True
    k = min((t.numerator & -t.numerator).bit_length() - 1 - (t.denominator.bit_length() - 1) for t in nz)
    return sum(abs(t) for t in nz) < Fraction(2) ** (24 + k)

def dot_alg(stem, comment, lhs, rhs, counts, prims, printed):
    """lhs (m x k) . rhs (k x n), f32 in and out, algorithm bf16 x bf16 -> f32 accumulation."""
    M, K = lhs.shape; N = rhs.shape[1]
    decomposed = counts > 1
    res, res_other, notes = [], [], []
    for i in range(M):
        for j in range(N):
            a = [lhs[(i, k)] for k in range(K)]; b = [rhs[(k, j)] for k in range(K)]
            exact = [Fraction(x) * Fraction(y) for x, y in zip(a, b)]
            rounded = [Fraction(bf16_rn(x)) * Fraction(bf16_rn(y)) for x, y in zip(a, b)]
            assert order_free(exact) and order_free(rounded)
            se, sr = sum(exact), sum(rounded)
            assert se != sr, 'bf16 input rounding does not change this element'
            if decomposed:
                # bf16_6x: products x_i * y_j with i + j <= 4; the omitted ones (and the remainders) are zero here,
                # and every partial sum of the kept products is exact, so the emulation gives the exact dot.
                prods = []
                for x, y in zip(a, b):
                    xc, xr = components(x, 3); yc, yr = components(y, 3)
                    assert xr == 0 and yr == 0
                    for p in range(3):
                        for q in range(3):
                            if p + q <= 2: prods.append(xc[p] * yc[q])
                            else: assert xc[p] * yc[q] == 0
                assert order_free(prods) and sum(prods) == se
            res.append(fl(se if decomposed else sr)); res_other.append(fl(sr if decomposed else se))
    r = T(res, (M, N))
    same(r, printed)
    al = ('#stablehlo.dot_algorithm<\n    lhs_precision_type = bf16,\n    rhs_precision_type = bf16,\n    accumulation_type = f32,\n'
          '    lhs_component_count = %d,\n    rhs_component_count = %d,\n    num_primitive_operations = %d,\n'
          '    allow_imprecise_accumulation = false\n  >' % (counts, counts, prims))
    at = [('dot_dimension_numbers', '#stablehlo.dot<\n    lhs_batching_dimensions = [],\n    rhs_batching_dimensions = [],\n'
           '    lhs_contracting_dimensions = [1],\n    rhs_contracting_dimensions = [0]\n  >'),
          ('precision_config', '[#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]'), ('algorithm', al)]
    other = ('With the inputs rounded to bf16 first (the plain bf16 algorithm) the result would be %s.' if decomposed else
             'Without the input rounding (the exact f32 dot, what bf16_6x emulates) the result would be %s.') % fmt(res_other)
    write('dot_general', stem, comment + ['Expected: %s (row-major).' % fmt(res), other],
          [tconst('lhs', lhs, 'f32'), tconst('rhs', rhs, 'f32'),
           '%%result = "stablehlo.dot_general"(%%lhs, %%rhs) %s : (%s, %s) -> %s' % (attrs(at), tty(lhs, 'f32'), tty(rhs, 'f32'), tty(r, 'f32')),
           tcheck('result', r, 'f32')])

DL = T([1 + 2.0 ** -10, -1.0, 0.5 + 2.0 ** -12, 2 - 2.0 ** -10], (2, 2))
DR = T([1 + 2.0 ** -10, 3.0, 1.0, 1.5 + 2.0 ** -11], (2, 2))
B6X = ["Spec (dot_general, DotAlgorithm): the bf16_6x example, lhs/rhs_precision_type = bf16, accumulation_type = f32,",
       'lhs_component_count = rhs_component_count = 3, num_primitive_operations = 6: "each input is decomposed to 3 bf16',
       'components, then 6 dot operations are done on those components, and the result is accumulated in f32". The algorithm',
       'emulates the f32 dot, so the expected value is the exact dot of the undecomposed f32 inputs rounded once to f32',
       '(docs/accumulation.md, "Component decompositions").']
dot_alg('edge-algorithm-bf16-6x', B6X + ['The inputs (1 + 2^-10, 0.5 + 2^-12, 2 - 2^-10, 1.5 + 2^-11) are not bf16 values, and each is the',
        'sum of two bf16 components, so the six component products (i + j <= 4) hold the whole dot. The exact dots',
        '2^-9 + 2^-20 (= (1 + 2^-10)^2 - 1), 1.5 + 5 * 2^-11, 2.5 - 2^-10 + 3 * 2^-12 + 2^-22 and 4.5 + 3 * 2^-12 - 2^-11 - 2^-21',
        'are f32 values, and so is every partial sum.'],
        DL, DR, 3, 6, [2.0 ** -9 + 2.0 ** -20, 1.5 + 5 * 2.0 ** -11, 2.5 - 2.0 ** -10 + 3 * 2.0 ** -12 + 2.0 ** -22,
                       4.5 + 3 * 2.0 ** -12 - 2.0 ** -11 - 2.0 ** -21])
dot_alg('edge-algorithm-bf16-6x-three-components', B6X + ['lhs element 1 + 2^-8 + 2^-16 + 2^-23 needs all three bf16 components',
        '(1 + 2^-7, -(2^-8 - 2^-16), 2^-23); rhs values are bf16 values (one component), so the omitted products are zero.',
        '(1 + 2^-8 + 2^-16 + 2^-23) * 2 + 0.75 * -1 = 1.25 + 2^-7 + 2^-15 + 2^-22.'],
        T([1 + 2.0 ** -8 + 2.0 ** -16 + 2.0 ** -23, 0.75], (1, 2)), T([2.0, -1.0], (2, 1)), 3, 6,
        [1.25 + 2.0 ** -7 + 2.0 ** -15 + 2.0 ** -22])
dot_alg('edge-algorithm-bf16', ['Spec (dot_general, DotAlgorithm): lhs_precision_type and rhs_precision_type are "the precisions that',
        'the LHS and RHS of the operation are rounded to"; with lhs/rhs_component_count = 1 and num_primitive_operations = 1',
        '(no decomposition) the f32 inputs are rounded to bf16 (round to nearest even on the top 16 bits of the encoding),',
        'then multiplied and accumulated in f32. The same inputs as edge-algorithm-bf16-6x: 1 + 2^-10 -> 1, 0.5 + 2^-12 -> 0.5,',
        '2 - 2^-10 -> 2, 1.5 + 2^-11 -> 1.5, so the dot is [[1 * 1 - 1 * 1, 1 * 3 - 1 * 1.5], [0.5 * 1 + 2 * 1, 0.5 * 3 + 2 * 1.5]].'],
        DL, DR, 1, 1, [0.0, 1.5, 2.5, 4.5])
