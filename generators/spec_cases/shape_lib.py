"""Helpers for the data-movement and reduction op scripts (movement_ops.py, reduction_ops.py):
a tiny row-major tensor type, pure-python reference versions of the ops written from the spec's
formulas (used to compute every expected value), and text helpers for the generic op form.
Result shapes are not computed here: they come from hloconf's result-type rules (ir/infer.cc, through
`hloconf infer`), so each shape rule exists once."""
import itertools, functools, json, os, subprocess
from fractions import Fraction
from common import *


# ---------------------------------------------------------------- result shapes from hloconf (ir/infer.cc)
_INFER = None

def inferred_shapes(op, operand_shapes, attributes, region_arguments=None):
    """The result shapes that the spec's rule for `op` gives operands of `operand_shapes` with `attributes`
    (the text inside the op's {...}), as `hloconf infer` answers (built in build/, or $HLOCONF). The shape
    rules read no element type, so the operands are written as f32 tensors, and reductions' bodies as
    (tensor<f32>, ...) unless `region_arguments` says otherwise."""
    global _INFER
    if _INFER is None:
        exe = os.environ.get('HLOCONF') or os.path.join(os.path.dirname(ROOT), 'build', 'hloconf')
        _INFER = subprocess.Popen([exe, 'infer'], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    query = {'op': op, 'operands': [ttype(s, 'f32') for s in operand_shapes], 'attributes': attributes}
    if region_arguments is not None: query['region_arguments'] = region_arguments
    _INFER.stdin.write(json.dumps(query) + '\n')
    _INFER.stdin.flush()
    answer = json.loads(_INFER.stdout.readline())
    if 'error' in answer: raise ValueError('hloconf infer: %s (query %s)' % (answer['error'], query))
    return [tuple(shape) for shape in answer['shapes']]

def inferred_shape(op, operand_shapes, attributes, region_arguments=None):
    """The one result shape of `op` (see inferred_shapes)."""
    shapes = inferred_shapes(op, operand_shapes, attributes, region_arguments)
    assert len(shapes) == 1, shapes
    return shapes[0]


def prod(xs):
    r = 1
    for x in xs: r *= x
    return r

def idxs(shape):
    return itertools.product(*[range(s) for s in shape])


class T:
    """Row-major tensor: shape tuple + flat list of element specs (ints, floats, str, tuples)."""
    def __init__(self, data, shape=None):
        data = list(data)
        self.shape = tuple(shape) if shape is not None else (len(data),)
        assert len(data) == prod(self.shape), (len(data), self.shape)
        self.data = data

    def lin(self, idx):
        r = 0
        for s, i in zip(self.shape, idx): r = r * s + i
        return r

    def __getitem__(self, idx): return self.data[self.lin(idx)]
    def __setitem__(self, idx, v): self.data[self.lin(idx)] = v


def build(shape, fn):
    return T([fn(i) for i in idxs(shape)], shape)

def arange(shape, start=1):
    return T(list(range(start, start + prod(shape))), shape)


# ---------------------------------------------------------------- text helpers
def dn(t, ety):
    """dense<...> literal of a tensor (empty tensors as dense<>)."""
    if 0 in t.shape: return 'dense<>'
    return dense(t.data, t.shape, ety)

def tty(t, ety): return ttype(t.shape, ety)

def tconst(name, t, ety):
    return '%%%s = stablehlo.constant %s : %s' % (name, dn(t, ety), tty(t, ety))

def tcheck(name, t, ety):
    vals = T([R(ety, x) for x in t.data], t.shape)
    return 'check.expect_eq_const %%%s, %s : %s' % (name, dn(vals, ety), tty(t, ety))

def arr(xs):
    return 'array<i64: %s>' % ', '.join(map(str, xs)) if xs else 'array<i64>'

def lst(xs): return '[' + ', '.join(map(str, xs)) + ']'

def dense2(rows):
    """dense<[[a, b], ...]> : tensor<Nx2xi64> for padding attributes."""
    return 'dense<[%s]> : tensor<%dx2xi64>' % (', '.join('[%d, %d]' % tuple(r) for r in rows), len(rows))

def region(ety_args, lines, indent='  '):
    """^bb0 block with scalar args %arg0.. of the given element types and the given body lines."""
    args = ', '.join('%%arg%d: tensor<%s>' % (i, e) for i, e in enumerate(ety_args))
    out = [indent + '^bb0(%s):' % args]
    for l in lines:
        out += [indent + '  ' + ll for ll in l.split('\n')]
    return '\n'.join(out)

def binbody(op, ety):
    """Region of a binary reduction body `op` on tensor<ety>."""
    t = 'tensor<%s>' % ety
    return region([ety, ety], ['%%0 = "stablehlo.%s"(%%arg0, %%arg1) : (%s, %s) -> %s' % (op, t, t, t),
                               '"stablehlo.return"(%%0) : (%s) -> ()' % t])

def attrs(pairs):
    # A value of None is a unit attribute: its name alone (`use_global_device_ids`, as upstream declares it).
    return '{\n' + ',\n'.join('  %s' % k if v is None else '  %s = %s' % (k, v) for k, v in pairs) + '\n}'


# ---------------------------------------------------------------- reference ops (spec formulas)
def clamp(lo, x, hi): return min(max(x, lo), hi)

def ref_broadcast_in_dim(t, dims, rshape):
    return build(rshape, lambda r: t[[0 if t.shape[d] == 1 else r[dims[d]] for d in range(len(t.shape))]])

def ref_concatenate(ts, dim):
    rshape = inferred_shape('concatenate', [t.shape for t in ts], 'dimension = %d : i64' % dim)
    def f(r):
        i = r[dim]
        for t in ts:
            if i < t.shape[dim]:
                return t[r[:dim] + (i,) + r[dim + 1:]]
            i -= t.shape[dim]
    return build(rshape, f)

def ref_reshape(t, rshape): return T(t.data, rshape)

def ref_transpose(t, perm):
    rshape = inferred_shape('transpose', [t.shape], 'permutation = %s' % arr(perm))
    def f(r):
        o = [0] * len(perm)
        for d, p in enumerate(perm): o[p] = r[d]
        return t[o]
    return build(rshape, f)

def ref_slice(t, start, limit, strides):
    rshape = inferred_shape('slice', [t.shape], 'start_indices = %s, limit_indices = %s, strides = %s' % (arr(start), arr(limit), arr(strides)))
    return build(rshape, lambda r: t[[s + i * st for s, i, st in zip(start, r, strides)]])

def ref_dynamic_slice(t, starts, sizes):
    adj = [clamp(0, s, d - z) for s, d, z in zip(starts, t.shape, sizes)]
    return build(sizes, lambda r: t[[a + i for a, i in zip(adj, r)]])

def ref_dynamic_update_slice(t, u, starts):
    adj = [clamp(0, s, d - z) for s, d, z in zip(starts, t.shape, u.shape)]
    def f(r):
        ui = [i - a for i, a in zip(r, adj)]
        if all(0 <= x < z for x, z in zip(ui, u.shape)): return u[ui]
        return t[r]
    return build(t.shape, f)

def ref_pad(t, pv, lo, hi, interior):
    rshape = inferred_shape('pad', [t.shape, ()], 'edge_padding_low = %s, edge_padding_high = %s, interior_padding = %s' % (arr(lo), arr(hi), arr(interior)))
    def f(r):
        oi = []
        for i, l, it, d in zip(r, lo, interior, t.shape):
            q, m = divmod(i - l, it + 1)
            if m or not 0 <= q < d: return pv
            oi.append(q)
        return t[oi]
    return build(rshape, f)

def ref_reverse(t, dims):
    return build(t.shape, lambda r: t[[t.shape[d] - i - 1 if d in dims else i for d, i in enumerate(r)]])

def ref_gather(op, si, offset_dims, collapsed, obd, sibd, sim, ivd, ss):
    rank = len(op.shape)
    dnums = ['offset_dims = %s' % lst(offset_dims), 'collapsed_slice_dims = %s' % lst(collapsed), 'operand_batching_dims = %s' % lst(obd),
             'start_indices_batching_dims = %s' % lst(sibd), 'start_index_map = %s' % lst(sim), 'index_vector_dim = %d' % ivd]
    rshape = inferred_shape('gather', [op.shape, si.shape], 'dimension_numbers = #stablehlo.gather<%s>, slice_sizes = %s' % (', '.join(dnums), arr(ss)))
    batch_dims = [d for d in range(len(rshape)) if d not in offset_dims]
    def f(r):
        b = [r[d] for d in batch_dims]
        if ivd < len(si.shape):
            start = [si[b[:ivd] + [k] + b[ivd:]] for k in range(si.shape[ivd])]
        else:
            start = [si[b]]
        fsi = [0] * rank
        for ds, dop in enumerate(sim): fsi[dop] = clamp(0, start[ds], op.shape[dop] - ss[dop])
        fbi = [0] * rank
        for ib, dop in enumerate(obd):
            ds = sibd[ib]; fbi[dop] = b[ds - (0 if ds < ivd else 1)]
        it = iter([r[d] for d in offset_dims])
        foi = [0 if (d in collapsed or d in obd) else next(it) for d in range(rank)]
        return op[[a + c + e for a, c, e in zip(fsi, fbi, foi)]]
    return build(rshape, f)

def ref_scatter(inputs, si, updates, uwd, iwd, ibd, sibd, sdod, ivd, comp):
    """comp(result_values_tuple, update_values_tuple) -> tuple. Updates applied in row-major order
    (the cases only use computations for which every order gives the same result)."""
    res = [T(list(t.data), t.shape) for t in inputs]
    rank = len(inputs[0].shape)
    ushape = updates[0].shape
    usd = [d for d in range(len(ushape)) if d not in uwd]
    for ui in idxs(ushape):
        usi = [ui[d] for d in usd]
        if ivd < len(si.shape):
            start = [si[usi[:ivd] + [k] + usi[ivd:]] for k in range(si.shape[ivd])]
        else:
            start = [si[usi]]
        fsi = [0] * rank
        for ds, din in enumerate(sdod): fsi[din] = start[ds]
        fbi = [0] * rank
        for ib, din in enumerate(ibd):
            ds = sibd[ib]; fbi[din] = usi[ds - (0 if ds < ivd else 1)]
        it = iter([ui[d] for d in uwd])
        fwi = [0 if (d in iwd or d in ibd) else next(it) for d in range(rank)]
        ri = [a + b + c for a, b, c in zip(fsi, fbi, fwi)]
        if not all(0 <= x < s for x, s in zip(ri, inputs[0].shape)): continue
        new = comp(tuple(r[ri] for r in res), tuple(u[ui] for u in updates))
        for r, v in zip(res, new): r[ri] = v
    return res

def ref_sort(inputs, dim, less):
    """Stable sort of 1-D slices; less(lhs_tuple, rhs_tuple) -> bool."""
    rank = len(inputs[0].shape)
    if dim < 0: dim += rank
    res = [T(list(t.data), t.shape) for t in inputs]
    key = functools.cmp_to_key(lambda a, b: -1 if less(a, b) else (1 if less(b, a) else 0))
    outer = list(inputs[0].shape); outer[dim] = 1
    for o in idxs(outer):
        pos = [o[:dim] + (k,) + o[dim + 1:] for k in range(inputs[0].shape[dim])]
        items = sorted([tuple(t[p] for t in inputs) for p in pos], key=key)
        for p, it in zip(pos, items):
            for r, v in zip(res, it): r[p] = v
    return res


# ---------------------------------------------------------------- exact arithmetic for expectations
def num(x, ety):
    """Numeric value (python float, NaN/inf included) of an element spec of a float type."""
    if isinstance(x, str): return val(x, ety)[1]
    return float(x)

def exact_sum(xs, ety):
    """Correctly rounded sum of the terms xs (float specs of type ety): returns (value, exact mpf or None)."""
    vs = [num(x, ety) for x in xs]
    if any(math.isnan(v) for v in vs): return NAN, None
    infs = set(v for v in vs if math.isinf(v))
    if len(infs) == 2: return NAN, None
    if infs: return infs.pop(), None
    s = sum(Fraction(v) for v in vs)
    if s == 0:
        return (-0.0 if vs and all(v == 0 and math.copysign(1, v) < 0 for v in vs) else 0.0), None
    with mpmath.workprec(4000):
        e = mpf(s.numerator) / s.denominator
    return rnd(e, ety), e


def order_independent(xs, ety):
    """True when every sub-multiset of the finite terms xs has an exactly representable sum, so every
    summation tree in any order computes the exact sum (used to keep 'exact' float sum cases honest)."""
    vs = [Fraction(num(x, ety)) for x in xs if not isinstance(x, str) or not (math.isnan(num(x, ety)) or math.isinf(num(x, ety)))]
    if len(vs) > 14: raise ValueError('too many terms to check')
    for mask in range(1, 1 << len(vs)):
        s = sum((v for i, v in enumerate(vs) if mask >> i & 1), Fraction(0))
        if s == 0: continue
        with mpmath.workprec(4000):
            e = mpf(s.numerator) / s.denominator
        v = rnd(e, ety)
        if math.isinf(v) or Fraction(v) != s: return False
    return True
