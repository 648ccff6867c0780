"""Spec cases for the ops with regions on per-tensor quantized tensors (reduce, reduce_window,
select_and_scatter, sort, scatter, all_reduce, reduce_scatter), and for the promotion of operands to the
body's element type (is_promotable, to_destination_type) in reduce, scatter, all_reduce and reduce_scatter.

Quantized values go in and come out through bitcast_convert to and from the storage type, as in
conv_quant_ops.py. Expected values come from a Python model of the spec's dequantize and quantize
(Notation, "Quantization computations"), written here in exact Fraction arithmetic, and from each op's
formula with the body ops applied as dequantize_op_quantize (compare: dequantize_compare). Scales are
dyadic and values small, so dequantize and quantize round nothing (the model asserts it), and the
reductions are schedule-free: every partial sum of every schedule the spec allows stays a multiple of the
scale inside the storage range (the model asserts a bound on the sum of the magnitudes), init values
dequantize to 0, and maximum/minimum are idempotent."""
from process_lib import *

SMIN = {'i8': -128, 'i16': -32768, 'i32': -2 ** 31}
SMAX = {'i8': 127, 'i16': 32767, 'i32': 2 ** 31 - 1}


def exact_in(v, et):
    """Asserts that the Fraction v is a value of the float type et (no rounding happens)."""
    assert Fraction(rnd(mpf(v.numerator) / v.denominator, et)) == v, (v, et)
    return v


class Q:
    """A per-tensor quantized element type !quant.uniform<st:et, scale:zp>."""
    def __init__(self, st, scale, zp, et='f32'):
        self.st, self.scale_text, self.zp, self.et = st, scale, zp, et
        self.scale = exact_in(Fraction(scale), et)
        self.text = '!quant.uniform<%s:%s, %s:%d>' % (st, et, scale, zp)

    def deq(self, q):
        """dequantize: convert(q - zp, et) * scale."""
        return exact_in(exact_in(Fraction(q - self.zp), self.et) * self.scale, self.et)

    def quant(self, x):
        """quantize: clamp(x / scale + zp) rounded to nearest even, converted to the storage type."""
        v = exact_in(exact_in(Fraction(x) / self.scale, self.et) + self.zp, self.et)
        v = min(max(v, SMIN[self.st]), SMAX[self.st])
        f = v.numerator // v.denominator; r = v - f
        if r > Fraction(1, 2) or (r == Fraction(1, 2) and f % 2): f += 1
        return f


def qop(name, q):
    """A binary body op on quantized scalars: dequantize_op_quantize."""
    fn = {'add': lambda a, b: a + b, 'maximum': max, 'minimum': min}[name]
    return lambda a, b: q.quant(fn(q.deq(a), q.deq(b)))

def schedule_free(name, q, leaves):
    """Asserts that every schedule over `leaves` (storage integers, the init values included) gives one
    result: for add, no partial sum can leave the storage range."""
    if name != 'add': return
    total = sum(abs(q.deq(x)) for x in leaves) / q.scale
    assert q.zp + total <= SMAX[q.st] and q.zp - total >= SMIN[q.st], leaves

def fold_terms(name, q, terms):
    """The body folded over `terms` (storage integers) left to right; schedule-free (asserted)."""
    schedule_free(name, q, terms)
    acc = terms[0]
    for t in terms[1:]: acc = qop(name, q)(acc, t)
    return acc

def fold(name, q, init, terms):
    """A reduction from an init value, which must not depend on how often a schedule uses it."""
    assert q.deq(init) == 0 or name != 'add'
    return fold_terms(name, q, [init] + list(terms))

def op_text(out, opname, operand, region_text, at, in_type, out_type):
    return '%%%s = "stablehlo.%s"(%%%s) ({\n%s\n}) %s : (%s) -> %s' % (out, opname, operand, region_text, attrs(at), in_type, out_type)


def qin(name, t, q):
    """The storage constant %<name>_storage bitcast to the quantized tensor %<name>."""
    return [tconst(name + '_storage', t, q.st),
            '%%%s = "stablehlo.bitcast_convert"(%%%s_storage) : (%s) -> %s' % (name, name, tty(t, q.st), tty(t, q.text))]

def qcheck(name, t, q):
    """%<name> read back through bitcast_convert and checked against the storage integers of t."""
    return ['%%%s_storage = "stablehlo.bitcast_convert"(%%%s) : (%s) -> %s' % (name, name, tty(t, q.text), tty(t, q.st)),
            tcheck(name + '_storage', t, q.st)]

def same(t, printed):
    assert t.data == list(printed), (t.data, printed)


QH = Q('i8', '0.5', 1)     # dequantize(q) = (q - 1) / 2
Q4 = Q('i8', '0.25', -3)   # dequantize(q) = (q + 3) / 4

# ---------------------------------------------------------------- reduce
def qreduce(stem, comment, q, x, init, body, printed, body_q=None):
    bq = body_q or q
    rows = [[x[(i, j)] for j in range(x.shape[1])] for i in range(x.shape[0])]
    conv = lambda v: bq.quant(q.deq(v))       # to_destination_type (the identity when bq is q)
    r = T([fold(body, bq, conv(init), [conv(v) for v in row]) for row in rows], (x.shape[0],))
    same(r, printed)
    i0 = T([init], ())
    write('reduce', stem, comment, qin('input', x, q) + qin('init', i0, q) + [
        '%%result = "stablehlo.reduce"(%%input, %%init) ({\n%s\n}) {\n  dimensions = array<i64: 1>\n} : (%s, %s) -> %s' % (
            binbody(body, bq.text), tty(x, q.text), tty(i0, q.text), tty(r, bq.text))] + qcheck('result', r, bq))

qreduce('quantized-add', ['Per-tensor quantized i8 (scale 0.5, zero point 1) rows summed by a quantized add body: every step is',
        'dequantize-add-quantize. Row 0: 2 - 2 + 3 = 3 (q 7); row 1: 0.5 + 4 + 0 = 4.5 (q 10).'],
        QH, T([5, -3, 7, 2, 9, 1], (2, 3)), 1, 'add', [7, 10])
qreduce('quantized-max', 'A quantized maximum body (scale 0.5, zero point 1; init -128 = -64.5).',
        QH, T([5, -3, 7, 2, 9, 1], (2, 3)), -128, 'maximum', [7, 9])
qreduce('quantized-min-negative-zero-point', 'A quantized minimum body (scale 0.25, zero point -3; init 127 = 32.5).',
        Q4, T([-3, 10, -20, 0, 1, 2], (2, 3)), 127, 'minimum', [-20, 0])
qreduce('quantized-promote', ['is_promotable compares the storage types only: i8 (scale 0.5) inputs with an i16 (scale 0.25) body.',
        'to_destination_type requantizes each input (q -> 2q), then the body adds: 2 * (3 - 4 + 6) = 10, 2 * (1 + 1 + 1) = 6.'],
        Q('i8', '0.5', 0), T([3, -4, 6, 1, 1, 1], (2, 3)), 0, 'add', [10, 6], body_q=Q('i16', '0.25', 0))

# ---------------------------------------------------------------- reduce_window
def qreduce_window(stem, comment, q, x, init, body, wd, ws, padding, printed):
    padded = [init] * padding[0] + list(x.data) + [init] * padding[1]
    n = (len(padded) - wd) // ws + 1
    r = T([fold(body, q, init, padded[k * ws:k * ws + wd]) for k in range(n)])
    same(r, printed)
    i0 = T([init], ())
    at = [('window_dimensions', arr([wd])), ('window_strides', arr([ws])), ('padding', dense2([padding]))]
    write('reduce_window', stem, comment, qin('input', x, q) + qin('init', i0, q) + [
        '%%result = "stablehlo.reduce_window"(%%input, %%init) ({\n%s\n}) %s : (%s, %s) -> %s' % (
            binbody(body, q.text), attrs(at), tty(x, q.text), tty(i0, q.text), tty(r, q.text))] + qcheck('result', r, q))

qreduce_window('quantized-add', ['Quantized i8 (scale 0.5, zero point 1) windows of 2, stride 1, padding [1, 0] with the init 1 (0.0):',
               '[pad, 2] = 2 (q 5), [2, -2] = 0 (q 1), [-2, 3] = 1 (q 3), [3, 0.5] = 3.5 (q 8).'],
               QH, T([5, -3, 7, 2]), 1, 'add', 2, 1, [1, 0], [5, 1, 3, 8])
qreduce_window('quantized-max-pool', 'Quantized max pooling: windows of 2, stride 2, padding [1, 1], init -128.',
               QH, T([5, -3, 7, 2]), -128, 'maximum', 2, 2, [1, 1], [5, 7, 2])

# ---------------------------------------------------------------- select_and_scatter
def qselect_and_scatter(stem, comment, q, x, source, init, wd, ws, printed):
    n = (len(x.data) - wd) // ws + 1
    assert n == len(source.data)
    chosen = []
    for k in range(n):
        c = k * ws
        for p in range(k * ws + 1, k * ws + wd):
            if not (q.deq(x.data[c]) >= q.deq(x.data[p])): c = p     # select = compare GE (dequantize_compare)
        chosen.append(c)
    r = T([fold('add', q, init, [source.data[s] for s in range(n) if chosen[s] == i]) for i in range(len(x.data))])
    same(r, printed)
    i0 = T([init], ())
    t = 'tensor<%s>' % q.text
    select = region([q.text, q.text], ['%%0 = "stablehlo.compare"(%%arg0, %%arg1) {comparison_direction = #stablehlo<comparison_direction GE>} : (%s, %s) -> tensor<i1>' % (t, t),
                                       '"stablehlo.return"(%0) : (tensor<i1>) -> ()'])
    at = [('window_dimensions', arr([wd])), ('window_strides', arr([ws]))]
    write('select_and_scatter', stem, comment, qin('operand', x, q) + qin('source', source, q) + qin('init', i0, q) + [
        '%%result = "stablehlo.select_and_scatter"(%%operand, %%source, %%init) ({\n%s\n}, {\n%s\n}) %s : (%s, %s, %s) -> %s' % (
            select, binbody('add', q.text), attrs(at), tty(x, q.text), tty(source, q.text), tty(i0, q.text), tty(x, q.text))] +
        qcheck('result', r, q))

qselect_and_scatter('quantized', ['Quantized i8 (scale 0.5, zero point 1), windows of 3, stride 1, select GE on the dequantized values:',
                    'the windows pick indices 1, 3, 3; the sources 1, 2, 3 add from the init 1 (0.0): index 1 gets 1 (q 3), index 3',
                    'gets 2 + 3 = 5 (q 11).'], QH, T([1, 5, 3, 7, 0]), T([3, 5, 7]), 1, 3, 1, [1, 3, 1, 11, 1])

# ---------------------------------------------------------------- sort
def qsort(stem, comment, q, keys, values, printed):
    rk, rv = ref_sort([keys, values], 0, lambda a, b: q.deq(a[0]) < q.deq(b[0]))
    same(rk, printed)
    t = 'tensor<%s>' % q.text
    comp = region([q.text, q.text, 'f32', 'f32'],
                  ['%%0 = "stablehlo.compare"(%%arg0, %%arg1) {comparison_direction = #stablehlo<comparison_direction LT>} : (%s, %s) -> tensor<i1>' % (t, t),
                   '"stablehlo.return"(%0) : (tensor<i1>) -> ()'])
    write('sort', stem, comment, qin('keys', keys, q) + [tconst('values', values, 'f32'),
        '%%result:2 = "stablehlo.sort"(%%keys, %%values) ({\n%s\n}) {\n  dimension = 0 : i64,\n  is_stable = true\n} : (%s, %s) -> (%s, %s)' % (
            comp, tty(keys, q.text), tty(values, 'f32'), tty(keys, q.text), tty(values, 'f32')),
        '%%sorted_keys = "stablehlo.bitcast_convert"(%%result#0) : (%s) -> %s' % (tty(keys, q.text), tty(keys, q.st)),
        tcheck('sorted_keys', rk, q.st), tcheck('result#1', rv, 'f32')])

qsort('quantized-keys', ['Quantized i8 keys (scale 0.25, zero point -3) sorted by a comparator on the quantized scalars (compare',
      'dequantizes); the f32 values follow their keys, and the equal keys 4 keep their order (is_stable).'],
      Q4, T([4, -3, 10, 4, -20]), T([0.0, 1.0, 2.0, 3.0, 4.0]), [-20, -3, 4, 4, 10])

# ---------------------------------------------------------------- scatter
def qscatter(stem, comment, q, x, idx, updates, printed, body='add', body_q=None, int_ety=None):
    """1-D scatter of scalar updates at idx; q None: integers of type int_ety promoted to body_q (an ety)."""
    if q is not None:
        bq = body_q or q
        conv = lambda v: bq.quant(q.deq(v))
        hits = {}
        for i in idx: hits.setdefault(i, []).append(i)
        for i in set(idx):
            schedule_free(body, bq, [conv(x.data[i])] + [conv(u) for j, u in zip(idx, updates.data) if j == i])
        comb = qop(body, bq)
        res, = ref_scatter([T([conv(v) for v in x.data])], T(list(idx), (len(idx), 1)), [T([conv(u) for u in updates.data])],
                           [], [0], [], [], [0], 1, lambda r, u: (comb(r[0], u[0]),))
        in_t, out_t = q.text, bq.text
    else:
        res, = ref_scatter([x], T(list(idx), (len(idx), 1)), [updates], [], [0], [], [], [0], 1, lambda r, u: (r[0] + u[0],))
        in_t, out_t = int_ety, body_q
    same(res, printed)
    si = T(list(idx), (len(idx), 1))
    pre = (qin('input', x, q) + qin('updates', updates, q)) if q is not None else [tconst('input', x, in_t), tconst('updates', updates, in_t)]
    at = [('scatter_dimension_numbers', '#stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], '
           'scatter_dims_to_operand_dims = [0], index_vector_dim = 1>'), ('indices_are_sorted', 'false'), ('unique_indices', 'false')]
    post = qcheck('result', res, bq) if q is not None else [tcheck('result', res, out_t)]
    write('scatter', stem, comment, pre + [tconst('scatter_indices', si, 'i64'),
        '%%result = "stablehlo.scatter"(%%input, %%scatter_indices, %%updates) ({\n%s\n}) %s : (%s, %s, %s) -> %s' % (
            binbody(body, out_t), attrs(at), tty(x, in_t), tty(si, 'i64'), tty(updates, in_t), tty(x, out_t))] + post)

qscatter('quantized-add', ['Quantized i8 (scale 0.5, zero point 1) updates added by a quantized add: element 0 gets two updates,',
         '2 + 0.5 + 2.5 = 5 (q 11); element 2 gets one, 3 + 1.5 = 4.5 (q 10); element 1 keeps its value.'],
         QH, T([5, -3, 7]), [0, 2, 0], T([2, 4, 6]), [11, -3, 10])
qscatter('quantized-max', 'Quantized maximum with duplicate indices (scale 0.25, zero point -3).',
         Q4, T([5, -3, 7]), [1, 1, 2], T([2, 40, -9]), [5, 40, 7], body='maximum')
qscatter('quantized-promote', ['i8 (scale 0.5) inputs and updates with an i16 (scale 0.25) update computation: both are requantized',
         '(q -> 2q) before the adds, and the result has the computation\'s type: [2 * (3 + 1 + 2), 2 * -4].'],
         Q('i8', '0.5', 0), T([3, -4]), [0, 0], T([1, 2]), [12, -8], body_q=Q('i16', '0.25', 0))
qscatter('edge-promote-i8-to-i32', ['i8 inputs and updates with an i32 update computation (C23): the result is i32, so',
         '100 + 100 + 100 = 300 does not wrap.'],
         None, T([100, 5]), [0, 0], T([100, 100]), [300, 5], int_ety='i8', body_q='i32')

# ---------------------------------------------------------------- all_reduce, reduce_scatter
def qall_reduce(stem, comment, R, q, operands, body, groups, printed, scatter_dim=None, body_q=None):
    pg = cross_replica(groups, R, 1)
    bq = body_q or q
    conv = lambda v: bq.quant(q.deq(v))
    reduced = []
    for pid in range(R):
        g = group_of(pg, pid)
        n = len(operands[0].data)
        reduced.append(T([fold_terms(body, bq, [conv(operands[p].data[k]) for p in g]) for k in range(n)], operands[0].shape))
    if scatter_dim is None:
        results = reduced
        opname, extra = 'all_reduce', []
    else:
        results = [split_t(reduced[pid], len(group_of(pg, pid)), 0)[group_of(pg, pid).index(pid)] for pid in range(R)]
        opname, extra = 'reduce_scatter', [('scatter_dimension', '%d : i64' % scatter_dim)]
    for r, p in zip(results, printed): same(r, p)
    qt_in = tty(operands[0], q.text); qt_out = tty(results[0], bq.text)
    lines = ['%%operand = "stablehlo.bitcast_convert"(%%storage) : (%s) -> %s' % (tty(operands[0], q.st), qt_in),
             op_text('quantized_result', opname, 'operand', binbody(body, bq.text), extra + [('replica_groups', groups_attr(groups))],
                     qt_in, qt_out),
             '%%result = "stablehlo.bitcast_convert"(%%quantized_result) : (%s) -> %s' % (qt_out, tty(results[0], bq.st))]
    write_grid(opname, stem, comment, R, 1, [('storage', q.st, operands)], lines, [('result', bq.st, results)])

qall_reduce('quantized-add', ['Quantized i8 (scale 0.5, zero point 1) all_reduce with a quantized add over 3 replicas:',
            '[2, -2, 0] + [0.5, 4, 0] + [-1, 1, 3] = [1.5, 3, 3] (q [4, 7, 7]); every partial sum is exact.'], 3, QH,
            [T([5, -3, 1]), T([2, 9, 1]), T([-1, 3, 7])], 'add', [[0, 1, 2]], [[4, 7, 7]] * 3)
qall_reduce('quantized-max-two-groups', 'Quantized maximum over 4 replicas in groups [[0, 3], [2, 1]] (scale 0.25, zero point -3).', 4, Q4,
            [T([1, -5]), T([7, 3]), T([-8, 100]), T([2, -128])], 'maximum', [[0, 3], [2, 1]], [[2, -5], [7, 100], [7, 100], [2, -5]])
qall_reduce('quantized-promote', ['i8 (scale 0.5) operands with an i16 (scale 0.25) computation over 2 replicas: each operand is',
            'requantized (q -> 2q), then added: [2 * (3 + 1), 2 * (-4 + 6)].'], 2, Q('i8', '0.5', 0),
            [T([3, -4]), T([1, 6])], 'add', [[0, 1]], [[8, 4]] * 2, body_q=Q('i16', '0.25', 0))
qall_reduce('quantized-add', ['Quantized i8 (scale 0.5, zero point 1) reduce_scatter with a quantized add over 2 replicas:',
            '[2, -2, 0, 3] + [0.5, 4, 0, -1] = [2.5, 2, 0, 2] (q [6, 5, 1, 5]), split in halves.'], 2, QH,
            [T([5, -3, 1, 7]), T([2, 9, 1, -1])], 'add', [[0, 1]], [[6, 5], [1, 5]], scatter_dim=0)

def int_all_reduce(opname, stem, comment, R, ety, body_ety, operands, printed, scatter_dim=None):
    total = [sum(o.data[k] for o in operands) for k in range(len(operands[0].data))]
    reduced = T(total, operands[0].shape)
    if scatter_dim is None:
        results = [reduced] * R
        extra = []
    else:
        results = split_t(reduced, R, 0)
        extra = [('scatter_dimension', '%d : i64' % scatter_dim)]
    for r, p in zip(results, printed): same(r, p)
    line = op_text('result', opname, 'operand', binbody('add', body_ety), extra + [('replica_groups', groups_attr([list(range(R))]))],
                   tty(operands[0], ety), tty(results[0], body_ety))
    write_grid(opname, stem, comment, R, 1, [('operand', ety, operands)], [line], [('result', body_ety, results)])

int_all_reduce('all_reduce', 'edge-promote-i8-to-i32', ['i8 operands with an i32 computation (C5) over 2 replicas: the result is i32 (C7)',
               'and 100 + 100 = 200 does not wrap.'], 2, 'i8', 'i32', [T([100, -100]), T([100, -50])], [[200, -150]] * 2)
int_all_reduce('reduce_scatter', 'edge-promote-i8-to-i32', ['i8 operands with an i32 computation (C7) over 2 replicas: the result is i32',
               '(C9) and 100 + 100 = 200 does not wrap.'], 2, 'i8', 'i32', [T([100, 1]), T([100, 2])], [[200], [3]], scatter_dim=0)
