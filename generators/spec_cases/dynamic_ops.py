"""Spec cases for the dynamic-shape ops: dynamic_broadcast_in_dim, dynamic_iota, dynamic_pad,
dynamic_reshape (each is functionally identical to its static counterpart, with the shape or padding
given by an operand tensor). Expected values come from the reference versions in shape_lib.py; for
the spec examples they are also asserted against the result the spec prints.
`real_dynamic_slice` has no section in the spec, so it has no cases."""
from shape_lib import *


def same(r, printed):
    assert r.data == list(printed), (r.data, printed)

# ---------------------------------------------------------------- dynamic_broadcast_in_dim
def dbid(stem, comment, ety, t, dims, rshape, exp=None, nonexp=None, ity='i64', printed=None):
    r = ref_broadcast_in_dim(t, dims, rshape)
    if printed is not None: same(r, printed)
    at = [('broadcast_dimensions', arr(dims))]
    if exp is not None: at.append(('known_expanding_dimensions', arr(exp)))
    if nonexp is not None: at.append(('known_nonexpanding_dimensions', arr(nonexp)))
    od = T(list(rshape), (len(rshape),))
    write('dynamic_broadcast_in_dim', stem, comment, [
        tconst('operand', t, ety), tconst('output_dimensions', od, ity),
        '%%result = "stablehlo.dynamic_broadcast_in_dim"(%%operand, %%output_dimensions) %s : (%s, %s) -> %s' % (
            attrs(at), tty(t, ety), tty(od, ity), ttype(rshape, ety)),
        tcheck('result', r, ety)])

dbid('example-1', "From the spec's `dynamic_broadcast_in_dim` example (si64, 1x3 -> 2x3x2, broadcast_dimensions = [2, 1]).", 'i64',
     T([1, 2, 3], (1, 3)), [2, 1], (2, 3, 2), exp=[0], nonexp=[1], printed=[1, 1, 2, 2, 3, 3] * 2)
dbid('edge-no-known-dims', 'Without known_expanding_dimensions / known_nonexpanding_dimensions (all dims possibly expanding).', 'f32',
     T([1.5, -2.0], (2, 1)), [0, 1], (2, 3))
dbid('edge-scalar', 'A rank-0 operand (broadcast_dimensions = []) fills the whole result; output_dimensions is si32.', 'i32',
     T([-7], ()), [], (2, 2), ity='i32')
dbid('edge-f16-special', 'Values are copied bit-exactly: f16 -0.0, +inf, NaN.', 'f16', T([NZ, 'inf', '0x7E00']), [1], (2, 3), nonexp=[0])
dbid('edge-complex', 'dynamic_broadcast_in_dim on complex<f32> with a permuting broadcast_dimensions [1, 0].', 'complex<f32>',
     T([(1.0, 2.0), (3.0, -4.0)], (2, 1)), [1, 0], (3, 2), exp=[1])

# ---------------------------------------------------------------- dynamic_iota
def diota(stem, comment, shape, ety, dim, ity='i64', printed=None):
    r = build(shape, lambda i: (i[dim] if not is_float(ety) else float(i[dim])) if not is_complex(ety) else (float(i[dim]), 0.0))
    if printed is not None: same(r, printed)
    os_ = T(list(shape), (len(shape),))
    write('dynamic_iota', stem, comment, [tconst('output_shape', os_, ity),
        '%%result = "stablehlo.dynamic_iota"(%%output_shape) {\n  iota_dimension = %d : i64\n} : (%s) -> %s' % (dim, tty(os_, ity), ttype(shape, ety)),
        tcheck('result', r, ety)])

diota('example-1', "From the spec's `dynamic_iota` example (si64, 4x5, iota_dimension = 0).", (4, 5), 'i64', 0,
      printed=[0] * 5 + [1] * 5 + [2] * 5 + [3] * 5)
diota('edge-dim1-f32', 'iota_dimension = 1 on f32 (2x3).', (2, 3), 'f32', 1)
diota('edge-rank1-ui8', 'A rank-1 ui8 iota with an si32 output_shape.', (5,), 'ui8', 0, ity='i32')
diota('edge-complex', 'complex<f32> iota along dimension 0 (imaginary parts +0.0).', (3, 1), 'complex<f32>', 0)
diota('edge-empty', 'A zero-sized result dimension gives an empty result.', (0, 3), 'i32', 1)

# ---------------------------------------------------------------- dynamic_pad
def dpad(stem, comment, ety, t, pv, lo, hi, interior, ity='i64', printed=None):
    r = ref_pad(t, pv, lo, hi, interior)
    if printed is not None: same(r, printed)
    n = len(t.shape)
    ts = [T(list(v), (n,)) for v in (lo, hi, interior)]
    write('dynamic_pad', stem, comment, [tconst('operand', t, ety), tconst('padding_value', T([pv], ()), ety),
        tconst('edge_padding_low', ts[0], ity), tconst('edge_padding_high', ts[1], ity), tconst('interior_padding', ts[2], ity),
        '%%result = "stablehlo.dynamic_pad"(%%operand, %%padding_value,\n  %%edge_padding_low, %%edge_padding_high, %%interior_padding\n) : (%s, %s, %s, %s, %s) -> %s' % (
            tty(t, ety), ttype((), ety), tty(ts[0], ity), tty(ts[1], ity), tty(ts[2], ity), tty(r, ety)),
        tcheck('result', r, ety)])

dpad('example-1', "From the spec's `dynamic_pad` example (si64 2x3, low [0, 1], high [2, 1], interior [1, 2]).", 'i64',
     arange((2, 3)), 0, [0, 1], [2, 1], [1, 2],
     printed=[0, 1, 0, 0, 2, 0, 0, 3, 0] + [0] * 9 + [0, 4, 0, 0, 5, 0, 0, 6, 0] + [0] * 18)
dpad('edge-negative', 'Negative edge padding removes elements (low -1, high -1 with interior 1 on a length-4 operand).', 'i32',
     T([1, 2, 3, 4]), -9, [-1], [-1], [1])
dpad('edge-f32-pad-value', 'f32 padding with a -0.0 padding value (copied bit-exactly).', 'f32',
     T([1.5, -2.0], (1, 2)), NZ, [1, 0], [0, 1], [0, 1])
dpad('edge-i32-operands', 'Padding operands of type si32, interior padding only (3 -> 7).', 'i64',
     T([7, 8, 9]), 0, [0], [0], [2], ity='i32')

# ---------------------------------------------------------------- dynamic_reshape
def dreshape(stem, comment, ety, t, rshape, ity='i64', printed=None):
    r = ref_reshape(t, rshape)
    if printed is not None: same(r, printed)
    os_ = T(list(rshape), (len(rshape),)) if rshape else T([], (0,))
    write('dynamic_reshape', stem, comment, [tconst('operand', t, ety), tconst('output_shape', os_, ity),
        '%%result = "stablehlo.dynamic_reshape"(%%operand, %%output_shape) : (%s, %s) -> %s' % (tty(t, ety), tty(os_, ity), tty(r, ety)),
        tcheck('result', r, ety)])

dreshape('example-1', "From the spec's `dynamic_reshape` example (si64, 2x3 -> 3x2).", 'i64', arange((2, 3)), (3, 2), printed=[1, 2, 3, 4, 5, 6])
dreshape('edge-flatten', 'Row-major order is kept: 2x2x2 f32 -> 8.', 'f32', T([float(i) for i in range(8)], (2, 2, 2)), (8,))
dreshape('edge-to-scalar', 'A 1x1 tensor reshaped to rank 0 (output_shape is an empty tensor).', 'f64', T([-0.0], (1, 1)), ())
dreshape('edge-i32-shape', 'An si32 output_shape, 6 -> 2x1x3 on complex<f32>.', 'complex<f32>',
         T([(float(i), -float(i)) for i in range(6)]), (2, 1, 3), ity='i32')
