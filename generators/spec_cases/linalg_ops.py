"""Spec cases for batch_norm_inference, batch_norm_training, batch_norm_grad, fft, cholesky and
triangular_solve.

batch_norm_*: expected values are the exact results (mpmath, 400 bits) rounded once with lib.rnd;
every case also evaluates the spec's op-by-op decomposition with rounding after each op and asserts
that both agree, so the case does not depend on how an implementation groups the arithmetic.
fft: exact DFT sums in mpmath, rounded once. Most cases use lengths whose twiddle factors are exact
(1, -1, i, -i), so the results are exact; the two length-8 cases have irrational results.
cholesky / triangular_solve: exact rational arithmetic (Fraction) with inputs built from chosen
dyadic factors/solutions, so the results are exactly representable. cholesky only checks the
requested triangle (the other one is implementation-defined): the result goes through a select
with a triangle mask before the check."""
from fractions import Fraction
from shape_lib import *
import itertools

def mf(x, ety):
    """exact mpf value of an element spec"""
    return mpf(inval(x, ety))

# ---------------------------------------------------------------- batch_norm
def feat_groups(shape, fi):
    g = {}
    for i in idxs(shape): g.setdefault(i[fi], []).append(i)
    return g

def tree_sums(fs, ety, memo=None):
    """the set of values every summation tree (any order, any grouping) of fs gives with rounding after each add"""
    if len(fs) == 1: return {fs[0]}
    out = set(); n = len(fs)
    for mask in range(1, (1 << n) - 1):
        if not mask & 1: continue     # split containing element 0 on the left (addition is commutative)
        a = tuple(f for i, f in enumerate(fs) if mask >> i & 1); b = tuple(f for i, f in enumerate(fs) if not mask >> i & 1)
        for x in tree_sums(a, ety):
            for y in tree_sums(b, ety): out.add(rnd(mpf(x) + mpf(y), ety))
    return out

class Arith:
    """exact (round=False) or op-by-op rounded (round=True) arithmetic on mpf values"""
    def __init__(self, ety, rounded): self.ety = ety; self.r = rounded
    def R(self, x): return mpf(rnd(x, self.ety)) if self.r else x
    def add(self, a, b): return self.R(a + b)
    def sub(self, a, b): return self.R(a - b)
    def mul(self, a, b): return self.R(a * b)
    def div(self, a, b): return self.R(a / b)
    def sqrt(self, a): return self.R(mp.sqrt(a))
    def sum(self, xs):
        if self.r:
            fs = [float(x) for x in xs]
            assert len(tree_sums(tuple(fs), self.ety)) == 1, ('order-dependent sum', fs)
        s = mpf(0)
        for x in xs: s = self.add(s, x)
        return s

def bn_inference(A, x, shape, fi, s, o, m, v, eps):
    out = {}
    for f, ids in feat_groups(shape, fi).items():
        sd = A.sqrt(A.add(v[f], eps))
        for i in ids:
            out[i] = A.add(A.mul(s[f], A.div(A.sub(x[i], m[f]), sd)), o[f])
    return out

def bn_training(A, x, shape, fi, s, o, eps):
    g = feat_groups(shape, fi); cnt = mpf(len(next(iter(g.values()))))
    mean = {f: A.div(A.sum([x[i] for i in ids]), cnt) for f, ids in g.items()}
    var = {}
    for f, ids in g.items():
        cs = [A.sub(x[i], mean[f]) for i in ids]
        var[f] = A.div(A.sum([A.mul(c, c) for c in cs]), cnt)
    return bn_inference(A, x, shape, fi, s, o, mean, var, eps), mean, var

def bn_grad(A, x, shape, fi, s, m, v, go, eps):
    g = feat_groups(shape, fi); cnt = mpf(len(next(iter(g.values()))))
    gop, gsc, gof = {}, {}, {}
    for f, ids in g.items():
        ve = A.add(v[f], eps); sd = A.sqrt(ve)
        c = {i: A.sub(x[i], m[f]) for i in ids}
        i2 = A.sum([go[i] for i in ids])
        i3 = A.sum([A.mul(go[i], c[i]) for i in ids])
        coef = A.div(A.div(s[f], sd), cnt)
        for i in ids:
            i1 = A.mul(go[i], cnt); i5 = A.div(A.mul(i3, c[i]), ve)
            gop[i] = A.mul(coef, A.sub(A.sub(i1, i2), i5))
        gsc[f] = A.sum([A.mul(go[i], A.div(c[i], sd)) for i in ids])
        gof[f] = i2
    return gop, gsc, gof

def agree(ex, rd, ety):
    """round the exact results once; assert the op-by-op results are the same values"""
    out = []
    for a, b in zip(ex, rd):
        va = rnd(a, ety); assert va == float(b), ('op-by-op differs', a, b, ety)
        out.append(va)
    return out

def to_map(t, ety): return {i: mf(t[i], ety) for i in idxs(t.shape)}
def vec(xs, ety): return [mf(x, ety) for x in xs]

def bn_attrs(eps, fi): return '{\n  epsilon = %s : f32,\n  feature_index = %d : i64\n}' % (lit(eps, 'f32'), fi)

def bni(stem, comment, ety, x, s, o, m, v, eps, fi, printed=None):
    args = [to_map(x, ety), x.shape, fi, vec(s, ety), vec(o, ety), vec(m, ety), vec(v, ety), mpf(rnd(mpf(eps), ety))]
    ex = bn_inference(Arith(ety, False), *args); rd = bn_inference(Arith(ety, True), *args)
    keys = list(idxs(x.shape))
    r = T(agree([ex[k] for k in keys], [rd[k] for k in keys], ety), x.shape)
    if printed is not None: assert r.data == printed, (r.data, printed)
    n = len(s); vt = ttype((n,), ety)
    write('batch_norm_inference', stem, comment, [tconst('operand', x, ety), const('scale', s, ety), const('offset', o, ety),
        const('mean', m, ety), const('variance', v, ety),
        '%%result = "stablehlo.batch_norm_inference"(%%operand, %%scale, %%offset, %%mean, %%variance) %s : (%s, %s, %s, %s, %s) -> %s' % (
            bn_attrs(eps, fi), tty(x, ety), vt, vt, vt, vt, tty(x, ety)),
        tcheck('result', r, ety)])

def bnt(stem, comment, ety, x, s, o, eps, fi, printed=None):
    args = [to_map(x, ety), x.shape, fi, vec(s, ety), vec(o, ety), mpf(rnd(mpf(eps), ety))]
    (ex, exm, exv) = bn_training(Arith(ety, False), *args); (rd, rdm, rdv) = bn_training(Arith(ety, True), *args)
    keys = list(idxs(x.shape)); n = len(s); fk = list(range(n))
    r = T(agree([ex[k] for k in keys], [rd[k] for k in keys], ety), x.shape)
    mean = agree([exm[f] for f in fk], [rdm[f] for f in fk], ety); var = agree([exv[f] for f in fk], [rdv[f] for f in fk], ety)
    if printed is not None: assert (r.data, mean, var) == printed, ((r.data, mean, var), printed)
    vt = ttype((n,), ety)
    write('batch_norm_training', stem, comment, [tconst('operand', x, ety), const('scale', s, ety), const('offset', o, ety),
        '%%output, %%batch_mean, %%batch_var = "stablehlo.batch_norm_training"(%%operand, %%scale, %%offset) %s : (%s, %s, %s) ->\n    (%s, %s, %s)' % (
            bn_attrs(eps, fi), tty(x, ety), vt, vt, tty(x, ety), vt, vt),
        tcheck('output', r, ety), check('batch_mean', mean, ety), check('batch_var', var, ety)])

def bng(stem, comment, ety, x, s, m, v, go, eps, fi, printed=None):
    args = [to_map(x, ety), x.shape, fi, vec(s, ety), vec(m, ety), vec(v, ety), to_map(go, ety), mpf(rnd(mpf(eps), ety))]
    exo, exs, exf = bn_grad(Arith(ety, False), *args); rdo, rds, rdf = bn_grad(Arith(ety, True), *args)
    keys = list(idxs(x.shape)); n = len(s); fk = list(range(n))
    r = T(agree([exo[k] for k in keys], [rdo[k] for k in keys], ety), x.shape)
    gs = agree([exs[f] for f in fk], [rds[f] for f in fk], ety); gf = agree([exf[f] for f in fk], [rdf[f] for f in fk], ety)
    if printed is not None: assert (r.data, gs, gf) == printed, ((r.data, gs, gf), printed)
    vt = ttype((n,), ety)
    write('batch_norm_grad', stem, comment, [tconst('operand', x, ety), const('scale', s, ety), const('mean', m, ety),
        const('variance', v, ety), tconst('grad_output', go, ety),
        '%%grad_operand, %%grad_scale, %%grad_offset =\n"stablehlo.batch_norm_grad"(%%operand, %%scale, %%mean, %%variance, %%grad_output) %s : (%s, %s, %s, %s,\n     %s) -> (%s, %s, %s)' % (
            bn_attrs(eps, fi), tty(x, ety), vt, vt, vt, tty(go, ety), tty(x, ety), vt, vt),
        tcheck('grad_operand', r, ety), check('grad_scale', gs, ety), check('grad_offset', gf, ety)])

BNX = T([1.0, 2.0, 3.0, 4.0, 3.0, 4.0, 1.0, 2.0], (2, 2, 2))
bni('example-1', "From the spec's `batch_norm_inference` example (f64 2x2x2, feature_index = 2, epsilon = 0).", 'f64',
    BNX, [1.0, 1.0], [1.0, 1.0], [2.0, 3.0], [1.0, 1.0], 0.0, 2, printed=[0.0, 0.0, 2.0, 2.0, 2.0, 2.0, 0.0, 0.0])
bni('edge-epsilon-feature0', ['feature_index = 0 on f32 2x3, epsilon = 0.25 with variances 3.75 / 0.0 so that',
    'sqrt(variance + epsilon) = 2 / 0.5; scales 3 / -1, offsets -0.5 / 8 (every step exact).'], 'f32',
    T([1.0, 2.0, -3.0, 0.5, 0.75, 1.0], (2, 3)), [3.0, -1.0], [-0.5, 8.0], [1.0, 0.25], [3.75, 0.0], 0.25, 0)
bni('edge-irrational-stddev', ['variance 2, epsilon 0: the result s * (x - m) / sqrt(2) + o is irrational; the exact value',
    'rounded once equals the op-by-op result (asserted by the generator).'], 'f32',
    T([3.0, -1.0, 1.0, 2.0], (4, 1)), [1.0], [0.0], [1.0], [2.0], 0.0, 1)
bni('edge-f16', 'f16 batch_norm_inference, feature_index = 1, epsilon = 1 (variance 15 -> stddev 4).', 'f16',
    T([8.0, 1.0, -8.0, 3.0], (2, 2)), [2.0, 0.5], [1.0, -1.0], [0.0, 1.0], [15.0, 0.0], 1.0, 1)
bnt('example-1', "From the spec's `batch_norm_training` example (f64 2x2x2, feature_index = 2, epsilon = 0).", 'f64',
    BNX, [1.0, 1.0], [1.0, 1.0], 0.0, 2, printed=([0.0, 0.0, 2.0, 2.0, 2.0, 2.0, 0.0, 0.0], [2.0, 3.0], [1.0, 1.0]))
bnt('edge-feature0-epsilon', ['feature_index = 0 on f32 2x4: feature 0 has mean 2.5 and variance 1.25, plus epsilon 2.75',
    'gives stddev 2; feature 1 is constant (variance 0, so its outputs are the offset 0.5).'], 'f32',
    T([1.0, 2.0, 3.0, 4.0, -5.0, -5.0, -5.0, -5.0], (2, 4)), [2.0, 1.0], [0.0, 0.5], 2.75, 0)
bnt('edge-f32-rank3-feature1', 'f32 2x2x2 with feature_index = 1, epsilon = 0, exact means and variances.', 'f32',
    T([0.0, 4.0, 1.0, 1.0, 0.0, 4.0, 3.0, 3.0], (2, 2, 2)), [1.0, 4.0], [0.0, 0.0], 0.0, 1)
bng('example-1', "From the spec's `batch_norm_grad` example (f64 2x2x2, feature_index = 2, epsilon = 0).", 'f64',
    BNX, [1.0, 1.0], [2.0, 3.0], [1.0, 1.0], T(['0.1'] * 8, (2, 2, 2)), 0.0, 2,
    printed=([0.0] * 8, [0.0, 0.0], [0.4, 0.4]))
bng('edge-nonzero', ['f32 2x2 (feature_index = 1), variance + epsilon = 3 + 1 = 4 (stddev 2), a non-trivial grad_output:',
    'every intermediate of the spec decomposition is exact.'], 'f32',
    T([1.0, 4.0, 3.0, 0.0], (2, 2)), [2.0, 1.0], [2.0, 2.0], [3.0, 3.0], T([1.0, -2.0, 3.0, 0.5], (2, 2)), 1.0, 1)

# ---------------------------------------------------------------- fft
def dft1(xs, inverse):
    n = len(xs); sg = 1 if inverse else -1
    out = []
    for k in range(n):
        acc = mpc(0)
        for j, x in enumerate(xs):
            acc += x * mp.expjpi(mpf(sg * 2 * j * k) / n)
        out.append(acc / n if inverse else acc)
    return out

def along(data, shape, axis, fn):
    """apply fn to every 1-D line along axis; data: dict index->value; returns new dict and shape"""
    out = {}; newshape = None
    others = [range(s) if d != axis else [None] for d, s in enumerate(shape)]
    for base in itertools.product(*others):
        line = [data[base[:axis] + (i,) + base[axis + 1:]] for i in range(shape[axis])]
        res = fn(line)
        newshape = shape[:axis] + (len(res),) + shape[axis + 1:]
        for i, v in enumerate(res): out[base[:axis] + (i,) + base[axis + 1:]] = v
    return out, newshape

def clean(z):
    """snap values within 2^-300 of an integer-dyadic to it (exact twiddles give exact sums up to mpmath's exp error)"""
    def c(x):
        r = mp.nint(x * 2 ** 40) / 2 ** 40
        return r if abs(x - r) < mpf(2) ** -300 else x
    return mpc(c(z.real), c(z.imag))

def ref_fft(t, ety, ftype, lengths):
    R_ = len(t.shape); L = len(lengths)
    pt = ety if is_float(ety) else part(ety)
    data = {i: (mpc(mf(t[i], pt)) if is_float(ety) else mpc(mf(t[i][0], pt), mf(t[i][1], pt))) for i in idxs(t.shape)}
    shape = t.shape
    axes = list(range(R_ - L, R_))
    if ftype == 'FFT' or ftype == 'RFFT':
        for ax in reversed(axes):
            fn = (lambda l: dft1(l, False))
            if ftype == 'RFFT' and ax == R_ - 1: fn = lambda l: dft1(l, False)[:len(l) // 2 + 1]
            data, shape = along(data, shape, ax, fn)
    else:
        for ax in axes:
            fn = lambda l: dft1(l, True)
            if ftype == 'IRFFT' and ax == R_ - 1:
                n = lengths[-1]
                def fn(l, n=n):
                    full = [l[k] if k < len(l) else mp.conj(l[n - k]) for k in range(n)]
                    return [mpc(z.real, 0) for z in dft1(full, True)]
            data, shape = along(data, shape, ax, fn)
    rety = ety if ftype in ('FFT', 'IFFT') else ('complex<%s>' % ety if ftype == 'RFFT' else pt)
    vals = []
    for i in idxs(shape):
        z = clean(data[i])
        if is_complex(rety): vals.append((rnd(z.real, pt), rnd(z.imag, pt)))
        else: vals.append(rnd(z.real, pt))
    return T(vals, shape), rety

def fft(stem, comment, ety, t, ftype, lengths, printed=None):
    r, rety = ref_fft(t, ety, ftype, lengths)
    if printed is not None: assert r.data == printed, (r.data, printed)
    write('fft', stem, comment, [tconst('operand', t, ety),
        '%%result = "stablehlo.fft"(%%operand) {\n  fft_type = #stablehlo<fft_type %s>,\n  fft_length = %s\n} : (%s) -> %s' % (
            ftype, arr(lengths), tty(t, ety), tty(r, rety)),
        tcheck('result', r, rety)])

fft('example-1', "From the spec's `fft` example (complex<f32>, FFT of a unit impulse, fft_length = [4]).", 'complex<f32>',
    T([(1.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0)]), 'FFT', [4], printed=[(1.0, 0.0)] * 4)
fft('edge-fft-4', 'FFT of [1, 2, 3, 4] (complex<f32>) gives [10, -2+2i, -2, -2-2i] (exact).', 'complex<f32>',
    T([(1.0, 0.0), (2.0, 0.0), (3.0, 0.0), (4.0, 0.0)]), 'FFT', [4])
fft('edge-ifft-4', 'IFFT (with the 1/N factor) of [10, -2+2i, -2, -2-2i] gives [1, 2, 3, 4] (complex<f64>).', 'complex<f64>',
    T([(10.0, 0.0), (-2.0, 2.0), (-2.0, 0.0), (-2.0, -2.0)]), 'IFFT', [4])
fft('edge-fft-2d', 'A 2-D FFT (fft_length = [2, 2]) on complex<f64>.', 'complex<f64>',
    T([(1.0, 2.0), (3.0, -4.0), (-5.0, 6.0), (-7.0, -8.0)], (2, 2)), 'FFT', [2, 2])
fft('edge-fft-batch', 'A 1-D FFT over the last dimension of a 2x4 operand (dimension 0 is a batch).', 'complex<f32>',
    T([(1.0, 1.0), (0.0, 0.0), (-1.0, 0.0), (0.0, 2.0), (0.5, 0.0), (0.5, 0.0), (0.5, 0.0), (0.5, 0.0)], (2, 4)), 'FFT', [4])
fft('edge-rfft', 'RFFT of f32 [1, 2, 3, 4] keeps the first 4 / 2 + 1 = 3 outputs: [10, -2+2i, -2].', 'f32',
    T([1.0, 2.0, 3.0, 4.0]), 'RFFT', [4])
fft('edge-irfft', 'IRFFT of [10, -2+2i, -2] with fft_length = [4] gives f32 [1, 2, 3, 4].', 'complex<f32>',
    T([(10.0, 0.0), (-2.0, 2.0), (-2.0, 0.0)]), 'IRFFT', [4])
fft('edge-rfft-2d', 'A 2-D RFFT of f64 2x4 (fft_length = [2, 4]) gives 2x3 complex<f64>.', 'f64',
    T([1.0, 0.0, 2.0, 0.0, 0.0, 3.0, 0.0, -1.0], (2, 4)), 'RFFT', [2, 4])

# ---------------------------------------------------------------- cholesky
def cfr(x):
    return (Fraction(x[0]), Fraction(x[1])) if isinstance(x, tuple) else (Fraction(x), Fraction(0))
def cmul(a, b): return (a[0] * b[0] - a[1] * b[1], a[0] * b[1] + a[1] * b[0])
def cconj(a): return (a[0], -a[1])
def cadd(a, b): return (a[0] + b[0], a[1] + b[1])

def out_el(z, ety):
    if is_complex(ety): return (float(z[0]), float(z[1]))
    assert z[1] == 0
    return float(z[0])

def cholesky(stem, comment, ety, Ls, lower, printed_a=None, printed=None):
    """Ls: list of lower-triangular factors (rows of element specs), one per batch entry"""
    n = len(Ls[0]); B = len(Ls)
    shape = (n, n) if B == 1 and not stem.startswith('edge-batch') else (B, n, n)
    A, Rr, M = [], [], []
    for L in Ls:
        Lf = [[cfr(L[i][j]) if j <= i else (Fraction(0), Fraction(0)) for j in range(n)] for i in range(n)]
        for i in range(n): assert Lf[i][i][1] == 0 and Lf[i][i][0] > 0
        for i in range(n):
            for j in range(n):
                s = (Fraction(0), Fraction(0))
                for k in range(n): s = cadd(s, cmul(Lf[i][k], cconj(Lf[j][k])))
                A.append(out_el(s, ety))
        for i in range(n):
            for j in range(n):
                z = Lf[i][j] if lower else cconj(Lf[j][i])
                Rr.append(out_el(z, ety)); M.append(j <= i if lower else j >= i)
    if printed_a is not None: assert A == printed_a, A
    if printed is not None: assert Rr == printed, Rr
    zero = (0.0, 0.0) if is_complex(ety) else 0.0
    At, Rt, Mt = T(A, shape), T(Rr, shape), T(M, shape)
    write('cholesky', stem, (comment if isinstance(comment, list) else [comment]) + ['Only the %s triangle is checked (the other one is implementation-defined):' % ('lower' if lower else 'upper'),
          'a select with a triangle mask sets it to zero before the check.'], [
        tconst('a', At, ety),
        '%%result = "stablehlo.cholesky"(%%a) {\n  lower = %s\n} : (%s) -> %s' % ('true' if lower else 'false', tty(At, ety), tty(At, ety)),
        tconst('mask', Mt, 'i1'), tconst('zero', T([zero] * len(M), shape), ety),
        '%%masked = "stablehlo.select"(%%mask, %%result, %%zero) : (%s, %s, %s) -> %s' % (tty(Mt, 'i1'), tty(At, ety), tty(At, ety), tty(At, ety)),
        tcheck('masked', Rt, ety)])

EXL = [[1.0, 0, 0], [2.0, 4.0, 0], [3.0, 5.0, 6.0]]
cholesky('example-1', ["From the spec's `cholesky` example (lower = true). The spec writes the result type as",
         'tensor<3x3xf64> for an f32 input, which (C1) rules out; the case uses f32 for both.'], 'f32', [EXL], True,
         printed_a=[1.0, 2.0, 3.0, 2.0, 20.0, 26.0, 3.0, 26.0, 70.0], printed=[1.0, 0.0, 0.0, 2.0, 4.0, 0.0, 3.0, 5.0, 6.0])
cholesky('edge-upper', ['lower = false on the spec example matrix: the upper factor U with a = U^T U is the transpose',
         'of the lower factor.'], 'f32', [EXL], False)
cholesky('edge-f64-4x4', 'A 4x4 f64 matrix with a dyadic lower factor (every step of the factorisation is exact).', 'f64',
         [[[2.0, 0, 0, 0], [-1.0, 0.5, 0, 0], [0.5, 3.0, 4.0, 0], [1.0, -2.0, 0.25, 1.0]]], True)
cholesky('edge-batch', 'A batch of two 2x2 f32 matrices (shape 2x2x2).', 'f32', [[[2.0, 0], [1.0, 3.0]], [[0.5, 0], [-4.0, 8.0]]], True)
cholesky('edge-complex', ['A Hermitian positive-definite complex<f64> matrix [[4, 2-2i], [2+2i, 11]]: lower factor',
         '[[2, 0], [1+i, 3]].'], 'complex<f64>', [[[(2.0, 0.0), 0], [(1.0, 1.0), (3.0, 0.0)]]], True)
cholesky('edge-complex-upper', 'The upper factor of the same complex<f64> matrix: [[2, 1-i], [0, 3]].', 'complex<f64>',
         [[[(2.0, 0.0), 0], [(1.0, 1.0), (3.0, 0.0)]]], False)
cholesky('edge-1x1', 'A 1x1 matrix: the factor is sqrt(a) (f32, sqrt(6.25) = 2.5).', 'f32', [[[2.5]]], True)

# ---------------------------------------------------------------- triangular_solve
def tsolve(stem, comment, ety, a, x, left, lower, unit, trans, a_junk=None, printed=None):
    """a: n x n (or batch list) lower/upper data in the used triangle; x: chosen solution; b computed exactly.
    a_junk: value put into the unused triangle (and the diagonal when unit) to show that it is ignored."""
    batched = isinstance(a[0][0], list)
    As = a if batched else [a]; Xs = x if batched else [x]
    n = len(As[0])
    Aout, Bout, Xout = [], [], []
    for A, X in zip(As, Xs):
        Af = [[cfr(A[i][j]) for j in range(n)] for i in range(n)]
        for i in range(n):
            for j in range(n):
                used = (j < i) if lower else (j > i)
                if unit and i == j: Af[i][j] = (Fraction(1), Fraction(0))
                elif not used and i != j: Af[i][j] = (Fraction(0), Fraction(0))
        if trans == 'NO_TRANSPOSE': Op = Af
        elif trans == 'TRANSPOSE': Op = [[Af[j][i] for j in range(n)] for i in range(n)]
        else: Op = [[cconj(Af[j][i]) for j in range(n)] for i in range(n)]
        Xf = [[cfr(v) for v in row] for row in X]
        rows, cols = len(Xf), len(Xf[0])
        if left:   # Op (n x n) * X (n x cols)
            Bf = [[None] * cols for _ in range(n)]
            for i in range(n):
                for j in range(cols):
                    s = (Fraction(0), Fraction(0))
                    for k in range(n): s = cadd(s, cmul(Op[i][k], Xf[k][j]))
                    Bf[i][j] = s
        else:      # X (rows x n) * Op
            Bf = [[None] * n for _ in range(rows)]
            for i in range(rows):
                for j in range(n):
                    s = (Fraction(0), Fraction(0))
                    for k in range(n): s = cadd(s, cmul(Xf[i][k], Op[k][j]))
                    Bf[i][j] = s
        for i in range(n):
            for j in range(n):
                used = (j < i) if lower else (j > i)
                if i == j: Aout.append(a_junk if (unit and a_junk is not None) else A[i][j])
                elif used: Aout.append(A[i][j])
                else: Aout.append(a_junk if a_junk is not None else ((0.0, 0.0) if is_complex(ety) else 0.0))
        pt = part(ety) if is_complex(ety) else ety
        for row in Bf:
            for z in row:
                for c in z: assert Fraction(rnd(mpf(c.numerator) / c.denominator, pt)) == c, 'b not exact'
                Bout.append(out_el(z, ety))
        for row in Xf:
            for z in row: Xout.append(out_el(z, ety))
    pre = (len(As),) if batched else ()
    bshape = pre + ((n, len(Xs[0][0])) if left else (len(Xs[0]), n))
    At, Bt, Xt = T(Aout, pre + (n, n)), T(Bout, bshape), T(Xout, bshape)
    if printed is not None: assert (Bout, Xout) == printed, (Bout, Xout)
    write('triangular_solve', stem, comment, [tconst('a', At, ety), tconst('b', Bt, ety),
        '%%result = "stablehlo.triangular_solve"(%%a, %%b) {\n  left_side = %s,\n  lower = %s,\n  unit_diagonal = %s,\n  transpose_a = #stablehlo<transpose %s>\n} : (%s, %s) -> %s' % (
            str(left).lower(), str(lower).lower(), str(unit).lower(), trans, tty(At, ety), tty(Bt, ety), tty(Bt, ety)),
        tcheck('result', Xt, ety)])

tsolve('example-1', ["From the spec's `triangular_solve` example (f32, left_side, lower, NO_TRANSPOSE): the solution is 2 * I."], 'f32',
       EXL, [[2.0, 0.0, 0.0], [0.0, 2.0, 0.0], [0.0, 0.0, 2.0]], True, True, False, 'NO_TRANSPOSE',
       printed=([2.0, 0.0, 0.0, 4.0, 8.0, 0.0, 6.0, 10.0, 12.0], [2.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0, 2.0]))
tsolve('edge-other-triangle-ignored', ['lower = true with junk (99.0) in the strict upper triangle of a: the spec reads a only',
       'from the lower triangle, so the junk does not change the solution.'], 'f32',
       [[2.0, 0, 0], [1.0, 4.0, 0], [-3.0, 2.0, 0.5]], [[1.0, -2.0], [3.0, 0.5], [-1.0, 4.0]], True, True, False, 'NO_TRANSPOSE', a_junk=99.0)
tsolve('edge-upper-right', 'left_side = false, lower = false: solves x * a = b for upper-triangular a (f32).', 'f32',
       [[4.0, 1.0, -2.0], [0, 2.0, 3.0], [0, 0, 1.0]], [[1.0, 2.0, 3.0], [-1.0, 0.5, 0.25]], False, False, False, 'NO_TRANSPOSE')
tsolve('edge-transpose', 'transpose_a = TRANSPOSE with lower = true: solves a^T * x = b (a^T is upper-triangular), f64.', 'f64',
       [[2.0, 0, 0], [1.0, 4.0, 0], [-3.0, 2.0, 0.5]], [[1.0], [-2.0], [8.0]], True, True, False, 'TRANSPOSE')
tsolve('edge-unit-diagonal', 'unit_diagonal = true with a diagonal of ones (the case where its behaviour is defined), f32.', 'f32',
       [[1.0, 0, 0], [2.0, 1.0, 0], [-1.0, 3.0, 1.0]], [[1.0, 0.0], [2.0, -1.0], [0.5, 4.0]], True, True, True, 'NO_TRANSPOSE')
tsolve('edge-adjoint-complex', 'transpose_a = ADJOINT on complex<f32>: solves conj(a)^T * x = b.', 'complex<f32>',
       [[(2.0, 0.0), 0], [(1.0, 1.0), (1.0, -1.0)]], [[(1.0, 2.0)], [(-1.0, 0.5)]], True, True, False, 'ADJOINT')
tsolve('edge-batch', 'A batch of two 2x2 systems (f32, left_side, upper).', 'f32',
       [[[2.0, 1.0], [0, 4.0]], [[0.5, -1.0], [0, 8.0]]], [[[1.0], [2.0]], [[-3.0], [0.25]]], True, False, False, 'NO_TRANSPOSE')
fft('edge-fft-8-irrational', ['FFT of length 8 on complex<f64> [0, 1, 2, ..., 7]: the twiddle factors involve sqrt(2)/2, so the',
    'outputs 1, 3, 5, 7 are irrational; expected values are the exact DFT (mpmath) rounded once to f64.'], 'complex<f64>',
    T([(float(i), 0.0) for i in range(8)]), 'FFT', [8])
fft('edge-fft-8-irrational-f32', 'The same length-8 FFT on complex<f32> (exact DFT rounded once to f32).', 'complex<f32>',
    T([(float(i), 0.0) for i in range(8)]), 'FFT', [8])
