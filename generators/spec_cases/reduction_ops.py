"""Spec cases for reduce, reduce_window, select_and_scatter and dot_general.
Expected values: integers exactly; float sums and dot products as the exact sum rounded once to the
element type (computed with fractions/mpmath and lib.rnd). Most float cases use values whose partial
sums are all exact, so every schedule the spec allows gives the same result; files whose exact sum
needs rounding say so. Init values of add reductions are always the identity (the spec leaves the
number of init values in a schedule implementation-defined)."""
from shape_lib import *

def same(r, printed):
    assert r.data == list(printed), (r.data, printed)

I32MAX = 2147483647

# ---------------------------------------------------------------- combiners (python versions of bodies)
def fmax(a, b, ety):
    x, y = num(a, ety), num(b, ety)
    if math.isnan(x) or math.isnan(y): return NAN
    if x == y == 0: return x if math.copysign(1, x) > 0 else y
    return max(x, y)

def fmin(a, b, ety):
    x, y = num(a, ety), num(b, ety)
    if math.isnan(x) or math.isnan(y): return NAN
    if x == y == 0: return x if math.copysign(1, x) < 0 else y
    return min(x, y)

EXACT = []   # exact values of rounded sums, for the file's comment
def fsum(ety):
    def f(init, terms):
        v, e = exact_sum([init[0]] + [t[0] for t in terms], ety)
        assert e is None or not _exact(v, e) or order_independent([init[0]] + [t[0] for t in terms], ety), ('order-dependent', terms)
        if e is not None and not _exact(v, e): EXACT.append((e, v))
        return (v,)
    return f

def _exact(v, e):
    with mpmath.workprec(4000):
        return mpf(v) == e

def csum(ety):
    pt = part(ety)
    def f(init, terms):
        xs = [init[0]] + [t[0] for t in terms]
        return ((exact_sum([x[0] for x in xs], pt)[0], exact_sum([x[1] for x in xs], pt)[0]),)
    return f

def fold(fn):
    """combiner from a binary python function on single values"""
    def f(init, terms):
        acc = init[0]
        for t in terms: acc = fn(acc, t[0])
        return (acc,)
    return f

def notes_exact(ety):
    out = []
    for e, v in EXACT:
        out.append('Exact sum %s (mpmath) -> correctly rounded %s %s; the spec leaves the order of the sum to the' % (mpmath.nstr(e, 20), ety, lit(v, ety)))
        out.append('implementation, and the reference evaluator rounds the exact sum once.')
    del EXACT[:]
    return out

# ---------------------------------------------------------------- reduce
def ref_reduce(inputs, inits, dims, combine):
    shape = inputs[0].shape
    keep = [d for d in range(len(shape)) if d not in dims]
    rshape = inferred_shapes('reduce', [shape, ()], 'dimensions = %s' % arr(dims))[0]
    red = sorted(dims)
    outs = [T([None] * prod(rshape), rshape) for _ in inputs]
    for ri in idxs(rshape):
        terms = []
        for k in idxs([shape[d] for d in red]):
            full = [0] * len(shape)
            for d, i in zip(keep, ri): full[d] = i
            for d, i in zip(red, k): full[d] = i
            terms.append(tuple(t[full] for t in inputs))
        for o, v in zip(outs, combine(tuple(inits), terms)): o[ri] = v
    return outs

def reduce(stem, comment, etys, inputs, inits, dims, body, combine, printed=None):
    rs = ref_reduce(inputs, inits, dims, combine)
    if printed is not None: same(rs[0], printed)
    n = len(inputs)
    ins = ['input%d' % i for i in range(n)] if n > 1 else ['input']
    ivs = ['init_value%d' % i for i in range(n)] if n > 1 else ['init_value']
    outs = ['result%d' % i for i in range(n)] if n > 1 else ['result']
    lines = [tconst(a, t, e) for a, t, e in zip(ins, inputs, etys)] + [tconst(a, T([v], ()), e) for a, v, e in zip(ivs, inits, etys)]
    rtypes = ', '.join(tty(r, e) for r, e in zip(rs, etys))
    lines.append('%s = "stablehlo.reduce"(%s) ({\n%s\n}) {\n  dimensions = %s\n} : (%s) -> %s' % (
        ', '.join('%' + o for o in outs), ', '.join('%' + x for x in ins + ivs), body, arr(dims),
        ', '.join([tty(t, e) for t, e in zip(inputs, etys)] + ['tensor<%s>' % e for e in etys]), rtypes if n == 1 else '(' + rtypes + ')'))
    lines += [tcheck(o, r, e) for o, r, e in zip(outs, rs, etys)]
    write('reduce', stem, [comment] + notes_exact(etys[0]), lines)

iadd = fold(lambda a, b: a + b)
reduce('example-1', "From the spec's `reduce` example (si64 add over dimension 1 of 1x6).", ['i64'], [T([0, 1, 2, 3, 4, 5], (1, 6))], [0], [1],
       binbody('add', 'i64'), iadd, printed=[15])
reduce('edge-all-dims', 'Reducing over all dimensions gives a rank-0 result (si32 add over [0, 1] of 2x3).', ['i32'], [arange((2, 3))], [0], [0, 1],
       binbody('add', 'i32'), iadd)
reduce('edge-no-dims', ['dimensions = [] reduces nothing: each result element is its input element (combined only with init',
       'values; maximum with init -inf keeps -0.0 and NaN).'], ['f32'], [T([NZ, 'nan', 1.5, '-inf'], (2, 2))], ['-inf'], [],
       binbody('maximum', 'f32'), fold(lambda a, b: fmax(a, b, 'f32')))
reduce('edge-no-dims-int', 'dimensions = [] on si32 add with init 0 is the identity.', ['i32'], [T([-7, 0, 2147483647])], [0], [], binbody('add', 'i32'), iadd)
reduce('edge-multi-dims', 'Reducing dimensions [0, 2] of 2x3x2 (si64 add) leaves dimension 1.', ['i64'], [arange((2, 3, 2))], [0], [0, 2],
       binbody('add', 'i64'), iadd)
reduce('edge-dims-unsorted', 'Spec: dimensions only need to be unique; [2, 0] reduces the same dimensions as [0, 2].', ['i64'], [arange((2, 3, 2))], [0], [2, 0],
       binbody('add', 'i64'), iadd)
reduce('edge-max-float', ['maximum over rows of f32 with init -inf: a NaN anywhere gives NaN; maximum(-0, +0) = +0; a row of',
       '-inf gives -inf.'], ['f32'], [T([1.0, 'nan', 3.0, NZ, 0.0, NZ, '-inf', '-inf', '-inf', -1.0, F32MAX, 2.0], (4, 3))], ['-inf'], [1],
       binbody('maximum', 'f32'), fold(lambda a, b: fmax(a, b, 'f32')))
reduce('edge-min-bf16', 'minimum over columns of bf16 with init +inf; minimum(-0, +0) = -0.', ['bf16'], [T([0.0, 2.0, NZ, '-inf', '0.1', 'inf'], (3, 2))], ['inf'], [0],
       binbody('minimum', 'bf16'), fold(lambda a, b: fmin(a, b, 'bf16')))
write('reduce', 'edge-empty-dim', ['Reducing a zero-sized dimension gives the init value (the identity): add with +0.0 gives +0.0,',
      'maximum with -inf gives -inf.'], [
    tconst('input', T([], (2, 0)), 'f32'), tconst('zero', T([0.0], ()), 'f32'), tconst('ninf', T(['-inf'], ()), 'f32'),
    '%%sum = "stablehlo.reduce"(%%input, %%zero) ({\n%s\n}) {\n  dimensions = array<i64: 1>\n} : (tensor<2x0xf32>, tensor<f32>) -> tensor<2xf32>' % binbody('add', 'f32'),
    '%%max = "stablehlo.reduce"(%%input, %%ninf) ({\n%s\n}) {\n  dimensions = array<i64: 1>\n} : (tensor<2x0xf32>, tensor<f32>) -> tensor<2xf32>' % binbody('maximum', 'f32'),
    tcheck('sum', T([0.0, 0.0]), 'f32'), tcheck('max', T([-INF, -INF]), 'f32')])
reduce('edge-f32-exact-sum', ['f32 add whose partial sums are all exact in f32 (dyadic values, f32 max cancelling), so every',
       'schedule gives the same result; an exact zero sum with a +0.0 term is +0.0.'], ['f32'],
       [T([1.5, 2.25, -0.125, 1024.0, 0.75, NZ, -0.5, 0.25, F32MAX, -F32MAX, NZ, 0.0], (3, 4))], [0.0], [1], binbody('add', 'f32'), fsum('f32'))
reduce('edge-f32-rounded-sum', ['f32 add of ten copies of f32(0.1) (= 0.100000001490116119384765625): the exact sum is not an',
       'f32 value (a left-to-right f32 sum gives 1.0000001 instead, which is within the evaluator\'s accumulation bound).'], ['f32'], [T(['0.1'] * 10)], [0.0], [0], binbody('add', 'f32'), fsum('f32'))
reduce('edge-f64-exact-sum', 'f64 add with exact partial sums, including 2^52 + 2 and subnormals.', ['f64'],
       [T([2.0 ** 52, 1.0, 1.0, F64SUB, F64SUB, -F64SUB], (2, 3))], [0.0], [1], binbody('add', 'f64'), fsum('f64'))
reduce('edge-f16-sum', 'f16 add with exact partial sums (65504 = f16 max is reached exactly).', ['f16'], [T([32768.0, 16384.0, 16352.0, 0.5, 0.25, -0.75], (2, 3))], [0.0], [1],
       binbody('add', 'f16'), fsum('f16'))
reduce('edge-bf16-sum', 'bf16 add with exact partial sums.', ['bf16'], [T([256.0, 2.0, 4.0, -8.0])], [0.0], [0], binbody('add', 'bf16'), fsum('bf16'))
reduce('edge-complex-sum', 'complex<f32> add: each part summed exactly.', ['complex<f32>'], [T([(1.0, -2.0), (0.5, 4.0), (-3.0, 0.25)])], [(0.0, 0.0)], [0],
       binbody('add', 'complex<f32>'), csum('complex<f32>'))
reduce('edge-multiply-int', 'si32 multiply with init 1 (the identity).', ['i32'], [T([2, -3, 4, 5, 6, -1], (2, 3))], [1], [1], binbody('multiply', 'i32'),
       fold(lambda a, b: a * b))
reduce('edge-max-unsigned', 'ui8 maximum with init 0.', ['ui8'], [T([3, 255, 128, 0], (2, 2))], [0], [0], binbody('maximum', 'ui8'), fold(max))
reduce('edge-bool-and', 'i1 and with init true (all-true test per row).', ['i1'], [T([True, True, True, False, False, False], (2, 3))], [True], [1],
       binbody('and', 'i1'), fold(lambda a, b: a and b))
reduce('edge-bool-or', 'i1 or with init false (any-true test per column).', ['i1'], [T([True, False, False, False, False, True], (2, 3))], [False], [0],
       binbody('or', 'i1'), fold(lambda a, b: a or b))
argmax = region(['f32', 'i32', 'f32', 'i32'], [
    '%gt = "stablehlo.compare"(%arg0, %arg2) {comparison_direction = #stablehlo<comparison_direction GT>} : (tensor<f32>, tensor<f32>) -> tensor<i1>',
    '%eq = "stablehlo.compare"(%arg0, %arg2) {comparison_direction = #stablehlo<comparison_direction EQ>} : (tensor<f32>, tensor<f32>) -> tensor<i1>',
    '%lti = "stablehlo.compare"(%arg1, %arg3) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<i32>, tensor<i32>) -> tensor<i1>',
    '%tie = "stablehlo.and"(%eq, %lti) : (tensor<i1>, tensor<i1>) -> tensor<i1>',
    '%pick = "stablehlo.or"(%gt, %tie) : (tensor<i1>, tensor<i1>) -> tensor<i1>',
    '%v = "stablehlo.select"(%pick, %arg0, %arg2) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>',
    '%i = "stablehlo.select"(%pick, %arg1, %arg3) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>',
    '"stablehlo.return"(%v, %i) : (tensor<f32>, tensor<i32>) -> ()'])
def argmax_comb(init, terms):
    best = init
    for t in terms:
        if t[0] > best[0] or (t[0] == best[0] and t[1] < best[1]): best = t
    return best
reduce('edge-variadic-argmax', ['A variadic reduce (values, indices) computing argmax per row: larger value wins, ties go to the',
       'smaller index. The body is associative and commutative and (-inf, INT32_MAX) is its identity, so the result is unique.'],
       ['f32', 'i32'], [T([1.0, 5.0, 5.0, 2.0, -1.0, -3.0, -1.0, -2.0], (2, 4)), T([0, 1, 2, 3, 0, 1, 2, 3], (2, 4))], ['-inf', I32MAX], [1],
       argmax, lambda init, terms: argmax_comb((-INF, I32MAX), terms))

# ---------------------------------------------------------------- reduce_window
def ref_reduce_window(inputs, inits, wd, ws, bd, wdil, padding, combine):
    padded = [ref_pad(t, iv, [p[0] for p in padding], [p[1] for p in padding], [b - 1 for b in bd]) for t, iv in zip(inputs, inits)]
    window = 'window_dimensions = %s, window_strides = %s, base_dilations = %s, window_dilations = %s, padding = %s' % (
        arr(wd), arr(ws), arr(bd), arr(wdil), dense2(padding))
    rshape = inferred_shapes('reduce_window', [inputs[0].shape, ()], window)[0]
    outs = [T([None] * prod(rshape), rshape) for _ in inputs]
    for ri in idxs(rshape):
        terms = []
        for k in idxs(wd):
            pos = [r * s + kk * d for r, s, kk, d in zip(ri, ws, k, wdil)]
            terms.append(tuple(p[pos] for p in padded))
        for o, v in zip(outs, combine(tuple(inits), terms)): o[ri] = v
    return outs

def reduce_window(stem, comment, etys, inputs, inits, wd, ws=None, bd=None, wdil=None, padding=None, body=None, combine=None, printed=None):
    rank = len(inputs[0].shape)
    ws_, bd_, wdil_, pad_ = ws or [1] * rank, bd or [1] * rank, wdil or [1] * rank, padding or [[0, 0]] * rank
    rs = ref_reduce_window(inputs, inits, wd, ws_, bd_, wdil_, pad_, combine)
    if printed is not None: same(rs[0], printed)
    n = len(inputs)
    ins = ['input%d' % i for i in range(n)] if n > 1 else ['input']
    ivs = ['init_value%d' % i for i in range(n)] if n > 1 else ['init_value']
    outs = ['result%d' % i for i in range(n)] if n > 1 else ['result']
    lines = [tconst(a, t, e) for a, t, e in zip(ins, inputs, etys)] + [tconst(a, T([v], ()), e) for a, v, e in zip(ivs, inits, etys)]
    at = [('window_dimensions', arr(wd))]
    if ws: at.append(('window_strides', arr(ws)))
    if bd: at.append(('base_dilations', arr(bd)))
    if wdil: at.append(('window_dilations', arr(wdil)))
    if padding: at.append(('padding', dense2(padding)))
    rtypes = ', '.join(tty(r, e) for r, e in zip(rs, etys))
    lines.append('%s = "stablehlo.reduce_window"(%s) ({\n%s\n}) %s : (%s) -> %s' % (
        ', '.join('%' + o for o in outs), ', '.join('%' + x for x in ins + ivs), body, attrs(at),
        ', '.join([tty(t, e) for t, e in zip(inputs, etys)] + ['tensor<%s>' % e for e in etys]), rtypes if n == 1 else '(' + rtypes + ')'))
    lines += [tcheck(o, r, e) for o, r, e in zip(outs, rs, etys)]
    write('reduce_window', stem, [comment] + notes_exact(etys[0]), lines)

reduce_window('example-1', ["From the spec's `reduce_window` example (si64 add with base dilation 2, window dilation 3, stride 4",
              'and padding [[2, 1], [0, 0]])).'], ['i64'], [arange((3, 2))], [0], [2, 1], [4, 1], [2, 1], [3, 1], [[2, 1], [0, 0]],
              binbody('add', 'i64'), iadd, printed=[0, 0, 3, 4])
reduce_window('edge-maxpool', '2x2 max pooling with stride 2 on 4x4 f32 (init -inf).', ['f32'],
              [T([1.0, 5.0, -2.0, 0.0, 3.0, 2.0, -1.0, -3.0, NZ, -4.0, 7.0, 8.0, -5.0, -6.0, 9.0, 'nan'], (4, 4))], ['-inf'], [2, 2], [2, 2],
              body=binbody('maximum', 'f32'), combine=fold(lambda a, b: fmax(a, b, 'f32')))
reduce_window('edge-padding', 'Spec: padding is filled with the init value: window 3, stride 1, padding [1, 1] on 1..5 (si32 add, init 0).',
              ['i32'], [T([1, 2, 3, 4, 5])], [0], [3], [1], padding=[[1, 1]], body=binbody('add', 'i32'), combine=iadd)
reduce_window('edge-base-dilation', ['Spec: base dilation inserts init values between elements: [1, 2, 3] with base_dilations 2 is',
              '[1, 0, 2, 0, 3]; windows of 2 sum to [1, 2, 2, 3].'], ['i32'], [T([1, 2, 3])], [0], [2], [1], [2],
              body=binbody('add', 'i32'), combine=iadd)
reduce_window('edge-window-dilation', 'Window dilation 3 with window 2 on 1..6 sums elements i and i + 3.', ['i64'], [T([1, 2, 3, 4, 5, 6])], [0], [2], [1], [1], [3],
              body=binbody('add', 'i64'), combine=iadd)
reduce_window('edge-all-options-2d', 'A 2-D window with strides, base and window dilation and asymmetric padding (si32 max, init INT_MIN).', ['i32'],
              [arange((3, 4))], [-2147483648], [2, 2], [2, 3], [2, 1], [1, 2], [[1, 0], [2, 1]], body=binbody('maximum', 'i32'), combine=fold(max))
reduce_window('edge-empty-result', ['Spec: a window larger than the padded input gives no windows (window 4 on 3 elements ->',
              'a 0-sized result).'], ['i32'], [T([1, 2, 3])], [0], [4], body=binbody('add', 'i32'), combine=iadd)
reduce_window('edge-stride-skip', 'A stride larger than the window skips elements (window 1, stride 3).', ['ui8'], [T([1, 2, 3, 4, 5, 6, 7])], [0], [1], [3],
              body=binbody('add', 'ui8'), combine=iadd)
mm = region(['i32', 'i32', 'i32', 'i32'], ['%0 = "stablehlo.maximum"(%arg0, %arg2) : (tensor<i32>, tensor<i32>) -> tensor<i32>',
            '%1 = "stablehlo.minimum"(%arg1, %arg3) : (tensor<i32>, tensor<i32>) -> tensor<i32>',
            '"stablehlo.return"(%0, %1) : (tensor<i32>, tensor<i32>) -> ()'])
reduce_window('edge-variadic', 'Two inputs reduced together: running maximum of input 0 and minimum of input 1 over windows of 3.', ['i32', 'i32'],
              [T([3, -1, 4, 1, -5, 9]), T([2, 7, 1, 8, 2, 8])], [-2147483648, I32MAX], [3],
              body=mm, combine=lambda init, terms: (max([init[0]] + [t[0] for t in terms]), min([init[1]] + [t[1] for t in terms])))
reduce_window('edge-f16-sum', 'f16 add over windows of 2 with padding [0, 1] (init +0.0; all partial sums exact).', ['f16'], [T([F16MAX, -32.0, 0.5, NZ])], [0.0], [2],
              padding=[[0, 1]], body=binbody('add', 'f16'), combine=fsum('f16'))
reduce_window('edge-f32-rounded-sum', 'f32 add over windows of 3 whose exact sums are not f32 values (0.1, 0.2, 0.3, 0.4 as f32).', ['f32'],
              [T(['0.1', '0.2', '0.3', '0.4'])], [0.0], [3], body=binbody('add', 'f32'), combine=fsum('f32'))
reduce_window('edge-bf16-max-nan', 'bf16 maximum over windows of 2: NaN propagates; maximum(-0, +0) = +0.', ['bf16'], [T([NZ, 0.0, 'nan', 1.0])], ['-inf'], [2],
              body=binbody('maximum', 'bf16'), combine=fold(lambda a, b: fmax(a, b, 'bf16')))

# ---------------------------------------------------------------- select_and_scatter
def ref_sas(op, src, init, wd, ws, padding, select, scat):
    rank = len(op.shape)
    res = T([[] for _ in op.data], op.shape)
    for si in idxs(src.shape):
        choice = None
        for k in idxs(wd):
            pos = [s * w + kk - p[0] for s, w, kk, p in zip(si, ws, k, padding)]
            if not all(0 <= x < d for x, d in zip(pos, op.shape)): continue
            if choice is None or not select(op[choice], op[pos]): choice = pos
        res[choice].append(src[si])
    return T([scat(init, l) for l in res.data], op.shape)

def sas(stem, comment, ety, op, src, init, wd, ws, padding, seldir, scatop, select, scat, printed=None):
    padding = padding or [[0, 0]] * len(op.shape)
    r = ref_sas(op, src, init, wd, ws, padding, select, scat)
    if printed is not None: same(r, printed)
    t = 'tensor<%s>' % ety
    selbody = region([ety, ety], ['%%0 = "stablehlo.compare"(%%arg0, %%arg1) {\n  comparison_direction = #stablehlo<comparison_direction %s>\n} : (%s, %s) -> tensor<i1>' % (seldir, t, t),
                                  '"stablehlo.return"(%0) : (tensor<i1>) -> ()'])
    write('select_and_scatter', stem, [comment] + notes_exact(ety), [tconst('operand', op, ety), tconst('source', src, ety), tconst('init_value', T([init], ()), ety),
        '%%result = "stablehlo.select_and_scatter"(%%operand, %%source, %%init_value) ({\n%s\n}, {\n%s\n}) %s : (%s, %s, %s) -> %s' % (
            selbody, binbody(scatop, ety), attrs([('window_dimensions', arr(wd)), ('window_strides', arr(ws)), ('padding', dense2(padding))]),
            tty(op, ety), tty(src, ety), t, tty(op, ety)),
        tcheck('result', r, ety)])

ge = lambda a, b: a >= b
isum = lambda init, l: init + sum(l)
sas('example-1', ["From the spec's `select_and_scatter` example (si64, GE select, add scatter, window 3x1, stride 2x1,",
    'padding [[0, 1], [0, 0]])).'], 'i64', T([1, 5, 2, 5, 3, 6, 4, 4], (4, 2)), T([5, 6, 7, 8], (2, 2)), 0, [3, 1], [2, 1], [[0, 1], [0, 0]],
    'GE', 'add', ge, isum, printed=[0, 0, 0, 0, 5, 14, 7, 0])
sas('edge-maxpool-grad', ['The max-pool gradient pattern on f32: 2x2 windows, stride 2, GE select, add scatter with init +0.0;',
    'each selected position receives its window\'s source value, all others +0.0.'], 'f32',
    T([1.0, 5.0, -2.0, 0.0, 3.0, 2.0, -1.0, -3.0, -7.0, -4.0, 7.0, 8.0, -5.0, -6.0, 9.0, 1.0], (4, 4)), T([0.5, -1.5, 2.0, '0.1'], (2, 2)), 0.0,
    [2, 2], [2, 2], None, 'GE', 'add', ge, lambda init, l: fsum('f32')((init,), [(x,) for x in l])[0])
sas('edge-overlap', ['Overlapping windows (window 3, stride 1): the element 5 is selected by two windows and receives the sum',
    'of both source values (si32 add).'], 'i32', T([1, 3, 2, 5, 4]), T([10, 20, 30]), 0, [3], [1], None, 'GE', 'add', ge, isum)
sas('edge-ties-ge', ['Ties with GE: select(a, b) = a >= b keeps the earlier element, and any reduction tree over the window',
    '(in order) selects the first maximum.'], 'i32', T([2, 2, 7, 7]), T([10, 20]), 0, [2], [2], None, 'GE', 'add', ge, isum)
sas('edge-ties-gt', ['Ties with GT: select(a, b) = a > b is false on ties, so b wins and any reduction tree over the window',
    '(in order) selects the last maximum.'], 'i32', T([2, 2, 7, 7]), T([10, 20]), 0, [2], [2], None, 'GT', 'add', lambda a, b: a > b, isum)
sas('edge-min-select', 'LE select picks the minimum of each window (si64, windows of 2 with stride 1).', 'i64', T([4, 1, 3, 0, 2]), T([1, 2, 3, 4]), 0, [2], [1], None,
    'LE', 'add', lambda a, b: a <= b, isum)
sas('edge-scatter-max', 'A maximum scatter with init INT_MIN: the position selected by two windows keeps the larger source.', 'i32',
    T([1, 9, 2, 3]), T([5, -7, 6]), -2147483648, [2], [1], None, 'GE', 'maximum', ge, lambda init, l: max([init] + l))
sas('edge-f16', 'f16 select_and_scatter with exact sums (two windows select the same element).', 'f16', T([1.0, 8.0, 2.0]), T([0.5, 512.0]), 0.0, [2], [1], None,
    'GE', 'add', ge, lambda init, l: fsum('f16')((init,), [(x,) for x in l])[0])

# ---------------------------------------------------------------- dot_general
def ref_dot(lhs, rhs, lb, rb, lc, rc, ety, rety=None):
    rety = rety or ety
    lfree = [d for d in range(len(lhs.shape)) if d not in lb and d not in lc]
    rfree = [d for d in range(len(rhs.shape)) if d not in rb and d not in rc]
    rshape = inferred_shape('dot_general', [lhs.shape, rhs.shape], 'dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = %s, '
                            'rhs_batching_dimensions = %s, lhs_contracting_dimensions = %s, rhs_contracting_dimensions = %s>' % (lst(lb), lst(rb), lst(lc), lst(rc)))
    cshape = [lhs.shape[d] for d in lc]
    def f(ri):
        nb, nl = len(lb), len(lfree)
        b, li, rr = ri[:nb], ri[nb:nb + nl], ri[nb + nl:]
        prods = []
        for k in idxs(cshape):
            lix = [0] * len(lhs.shape); rix = [0] * len(rhs.shape)
            for d, i in zip(lb, b): lix[d] = i
            for d, i in zip(rb, b): rix[d] = i
            for d, i in zip(lfree, li): lix[d] = i
            for d, i in zip(rfree, rr): rix[d] = i
            for d, i in zip(lc, k): lix[d] = i
            for d, i in zip(rc, k): rix[d] = i
            prods.append((lhs[lix], rhs[rix]))
        if is_float(rety):
            terms = [Fraction(num(a, ety)) * Fraction(num(b, ety)) for a, b in prods]
            if 'rounded' not in STEM[0]:
                assert all(Fraction(rnd(mpf(t.numerator) / t.denominator, rety)) == t for t in terms), 'inexact product'
                assert order_independent([float(t) for t in terms], rety), ('order-dependent', terms)
            return exact_frac(terms, rety)
        if is_complex(rety):
            pt = part(ety)
            re = [Fraction(num(a[0], pt)) * Fraction(num(b[0], pt)) - Fraction(num(a[1], pt)) * Fraction(num(b[1], pt)) for a, b in prods]
            im = [Fraction(num(a[0], pt)) * Fraction(num(b[1], pt)) + Fraction(num(a[1], pt)) * Fraction(num(b[0], pt)) for a, b in prods]
            return (exact_frac(re, part(rety)), exact_frac(im, part(rety)))
        return sum(a * b for a, b in prods)
    return build(rshape, f)

def exact_frac(terms, ety):
    s = sum(terms, Fraction(0))
    if s == 0: return 0.0
    with mpmath.workprec(4000):
        e = mpf(s.numerator) / s.denominator
    v = rnd(e, ety)
    if Fraction(v) != s: EXACT.append((e, v))
    return v

STEM = ['']
def dot(stem, comment, ety, lhs, rhs, lb, rb, lc, rc, precision=None, rety=None, printed=None, extra=None):
    rety = rety or ety
    STEM[0] = stem
    r = ref_dot(lhs, rhs, lb, rb, lc, rc, ety, rety)
    if printed is not None: same(r, printed)
    at = [('dot_dimension_numbers', '#stablehlo.dot<\n    lhs_batching_dimensions = %s,\n    rhs_batching_dimensions = %s,\n    lhs_contracting_dimensions = %s,\n    rhs_contracting_dimensions = %s\n  >' % (
        lst(lb), lst(rb), lst(lc), lst(rc)))]
    if precision: at.append(('precision_config', '[%s]' % ', '.join('#stablehlo<precision %s>' % p for p in precision)))
    if extra: at += extra
    write('dot_general', stem, [comment] + notes_exact(rety), [tconst('lhs', lhs, ety), tconst('rhs', rhs, ety),
        '%%result = "stablehlo.dot_general"(%%lhs, %%rhs) %s : (%s, %s) -> %s' % (attrs(at), tty(lhs, ety), tty(rhs, ety), tty(r, rety)),
        tcheck('result', r, rety)])

alg = [('algorithm', '#stablehlo.dot_algorithm<\n    lhs_precision_type = tf32,\n    rhs_precision_type = tf32,\n    accumulation_type = f32,\n    lhs_component_count = 1,\n    rhs_component_count = 1,\n    num_primitive_operations = 1,\n    allow_imprecise_accumulation = false\n  >')]
dot('example-1', ["From the spec's `dot_general` example (si64 batched matmul with identity matrices; precision DEFAULT and",
    'the tf32 dot_algorithm as in the spec).'], 'i64', arange((2, 2, 2)), T([1, 0, 0, 1, 1, 0, 0, 1], (2, 2, 2)), [0], [0], [2], [1],
    precision=['DEFAULT', 'DEFAULT'], extra=alg, printed=[1, 2, 3, 4, 5, 6, 7, 8])
dot('edge-matmul', 'A plain f32 matmul (2x3 . 3x2, contracting [1] x [0]) with small integer values: every sum is exact.', 'f32',
    T([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], (2, 3)), T([7.0, 8.0, 9.0, 10.0, 11.0, 12.0], (3, 2)), [], [], [1], [0])
dot('edge-batching-nonleading', ['Batching dimensions that are not leading: lhs 2x3x4 batches over dim 1, rhs 4x3x2 over dim 1;',
    'the result is batch x lhs free x rhs free = 3x2x2 (si32).'], 'i32', arange((2, 3, 4)), arange((4, 3, 2), -10), [1], [1], [2], [0])
dot('edge-outer-product', 'No contracting or batching dimensions gives the outer product (si64, 2 . 3 -> 2x3).', 'i64', T([2, -3]), T([1, 10, 100]), [], [], [], [])
dot('edge-multi-contracting', 'Two contracting dimensions (lhs [1, 2] x rhs [0, 1]) on si32.', 'i32', arange((2, 3, 2)), arange((3, 2, 2), -5), [], [], [1, 2], [0, 1])
dot('edge-vector-dot', 'A vector dot product to a rank-0 result (f64, exact).', 'f64', T([0.5, -2.0, 3.0]), T([4.0, 0.25, 1e10]), [], [], [0], [0])
dot('edge-empty-contracting', 'A zero-sized contracting dimension gives sums of no products: +0.0 everywhere.', 'f32', T([], (2, 0)), T([], (0, 3)), [], [], [1], [0])
dot('edge-f16', 'f16 batched dot with exact products and sums.', 'f16', T([1.0, 2.0, 0.5, -4.0], (2, 1, 2)), T([8.0, 16.0, 0.25, 2.0], (2, 2, 1)), [0], [0], [2], [1])
dot('edge-bf16', 'bf16 matrix-vector product with exact products and sums.', 'bf16', T([1.0, 2.0, 4.0, -8.0], (2, 2)), T([0.5, 0.25]), [], [], [1], [0])
dot('edge-complex', 'complex<f32> dot: (1+2i)(3-i) + (-1+0.5i)(2+2i) = (5+5i) + (-3-1i) = 2+4i (exact).', 'complex<f32>',
    T([(1.0, 2.0), (-1.0, 0.5)]), T([(3.0, -1.0), (2.0, 2.0)]), [], [], [0], [0])
dot('edge-i8', 'si8 matmul with results in range.', 'i8', T([1, -2, 3, 4], (2, 2)), T([5, 6, -7, 8], (2, 2)), [], [], [1], [0])
dot('edge-f32-rounded-highest', ['f32 dot product with precision HIGHEST whose exact sum is not an f32 value:',
    '0.1 * 0.3 + 0.2 * 0.7 + 0.3 * 0.9 on the f32 roundings of those decimals.'], 'f32', T(['0.1', '0.2', '0.3']), T(['0.3', '0.7', '0.9']),
    [], [], [0], [0], precision=['HIGHEST', 'HIGHEST'])
