"""Spec cases for the data-movement ops: broadcast_in_dim, concatenate, reshape, transpose, slice,
dynamic_slice, dynamic_update_slice, pad, reverse, gather, scatter, sort, get_dimension_size.
Expected values come from the reference versions in shape_lib.py; for the spec examples they are
also asserted against the result the spec prints."""
from shape_lib import *

F16NAN = '0x7E00'

def same(r, printed, shape=None):
    """assert that reference result r equals the spec's printed result (flat list)"""
    assert r.data == list(printed), (r.data, printed)
    if shape is not None: assert r.shape == tuple(shape), (r.shape, shape)

# ---------------------------------------------------------------- broadcast_in_dim
def bid(stem, comment, ety, t, dims, rshape, printed=None):
    r = ref_broadcast_in_dim(t, dims, rshape)
    if printed is not None: same(r, printed)
    write('broadcast_in_dim', stem, comment, [
        tconst('operand', t, ety),
        '%%result = "stablehlo.broadcast_in_dim"(%%operand) {\n  broadcast_dimensions = %s\n} : (%s) -> %s' % (arr(dims), tty(t, ety), ttype(rshape, ety)),
        tcheck('result', r, ety)])
bid('example-1', "From the spec's `broadcast_in_dim` example (si32, 1x3 -> 2x3x2 with broadcast_dimensions = [2, 1]).", 'i32',
    T([1, 2, 3], (1, 3)), [2, 1], (2, 3, 2), printed=[1, 1, 2, 2, 3, 3] * 2)
bid('edge-scalar', 'A rank-0 operand (broadcast_dimensions = []) fills the whole result.', 'f32', T([-2.5], ()), [], (2, 3))
bid('edge-size1-expand', 'Spec: a size-1 operand dimension is read at index 0 for every result index (2x1 -> 2x3).', 'i64',
    T([7, -8], (2, 1)), [0, 1], (2, 3))
bid('edge-permuted-dims', ['broadcast_dimensions need not be increasing: [1, 0] maps operand dim 0 to result dim 1,',
    'so result[i, j] = operand[j, i] (a transpose).'], 'i32', arange((2, 3)), [1, 0], (3, 2))
bid('edge-rank-increase', 'Operand 3 -> result 2x3x4 with broadcast_dimensions = [1] (the new dims 0 and 2 are broadcast).', 'ui8',
    T([0, 128, 255]), [1], (2, 3, 4))
bid('edge-empty', 'A zero-sized result dimension gives an empty result (operand 1x3 -> 0x3 keeps no elements).', 'f32',
    T([1.0, 2.0, 3.0], (1, 3)), [0, 1], (0, 3))
bid('edge-empty-operand', 'An empty operand (0x2) broadcast into 3x0x2 stays empty.', 'i32', T([], (0, 2)), [1, 2], (3, 0, 2))
bid('edge-f16-special', 'Values are copied bit-exactly: f16 -0.0, +-inf, NaN, smallest subnormal.', 'f16',
    T([NZ, 'inf', '-inf', F16NAN, F16SUB], (5, 1)), [0, 1], (5, 2))
bid('edge-bf16', 'broadcast_in_dim on bf16.', 'bf16', T(['0.1', NZ], (2,)), [0], (2, 2))
bid('edge-complex', 'broadcast_in_dim on complex<f64>.', 'complex<f64>', T([(1.5, NZ), ('inf', -2.0)]), [1], (2, 2))
bid('edge-bool', 'broadcast_in_dim on i1.', 'i1', T([True, False], (1, 2)), [0, 1], (3, 2))

# ---------------------------------------------------------------- concatenate
def concat(stem, comment, ety, ts, dim, printed=None):
    r = ref_concatenate(ts, dim)
    if printed is not None: same(r, printed)
    names = ['input%d' % i for i in range(len(ts))]
    write('concatenate', stem, comment, [tconst(n, t, ety) for n, t in zip(names, ts)] + [
        '%%result = "stablehlo.concatenate"(%s) {\n  dimension = %d : i64\n} : (%s) -> %s' % (
            ', '.join('%' + n for n in names), dim, ', '.join(tty(t, ety) for t in ts), tty(r, ety)),
        tcheck('result', r, ety)])
concat('example-1', "From the spec's `concatenate` example (si64, 3x2 and 1x2 along dimension 0).", 'i64',
       [T([1, 2, 3, 4, 5, 6], (3, 2)), T([7, 8], (1, 2))], 0, printed=list(range(1, 9)))
concat('edge-dim1', 'Three inputs along dimension 1 (2x1, 2x2, 2x3 -> 2x6), in argument order.', 'i32',
       [T([1, 2], (2, 1)), T([3, 4, 5, 6], (2, 2)), T([7, 8, 9, 10, 11, 12], (2, 3))], 1)
concat('edge-empty-input', 'An input with a zero-sized concatenation dimension contributes nothing (0x2 + 2x2 + 0x2).', 'f32',
       [T([], (0, 2)), T([1.0, 2.0, 3.0, 4.0], (2, 2)), T([], (0, 2))], 0)
concat('edge-all-empty', 'Concatenating two inputs of size 0 along the dimension gives an empty result (2x0 + 2x0 -> 2x0).', 'i32',
       [T([], (2, 0)), T([], (2, 0))], 1)
concat('edge-single-input', 'Spec: 0 < size(inputs); one input gives that input.', 'ui16', [T([0, 65535, 1])], 0)
concat('edge-rank3-last', 'Along the last dimension of rank-3 inputs (2x2x1 + 2x2x2).', 'i8',
       [T([-128, -1, 0, 1], (2, 2, 1)), T([2, 3, 4, 5, 6, 7, 8, 127], (2, 2, 2))], 2)
concat('edge-f16-special', 'Values are copied bit-exactly: f16 -0.0, inf, NaN, subnormal.', 'f16',
       [T([NZ, 'inf']), T([F16NAN, -F16SUB])], 0)
concat('edge-bf16', 'concatenate on bf16.', 'bf16', [T(['0.1'], (1, 1)), T(['-inf'], (1, 1))], 1)
concat('edge-complex', 'concatenate on complex<f32>.', 'complex<f32>', [T([(1.0, 2.0)]), T([(NZ, 'nan'), (3.0, -4.0)])], 0)
concat('edge-bool', 'concatenate on i1.', 'i1', [T([True]), T([False, True])], 0)

# ---------------------------------------------------------------- reshape
def reshape(stem, comment, ety, t, rshape, printed=None):
    r = ref_reshape(t, rshape)
    if printed is not None: same(r, printed)
    write('reshape', stem, comment, [tconst('operand', t, ety),
        '%%result = "stablehlo.reshape"(%%operand) : (%s) -> %s' % (tty(t, ety), tty(r, ety)),
        tcheck('result', r, ety)])
reshape('example-1', "From the spec's `reshape` example (si32, 2x3 -> 3x2).", 'i32', arange((2, 3)), (3, 2), printed=[1, 2, 3, 4, 5, 6])
reshape('edge-flatten', 'Row-major order is kept: 2x3x2 -> 12.', 'i64', arange((2, 3, 2)), (12,))
reshape('edge-unflatten', '12 -> 3x2x2 fills in row-major order.', 'f32', T([float(i) for i in range(12)]), (3, 2, 2))
reshape('edge-scalar-to-rank2', 'A rank-0 tensor reshaped to 1x1.', 'i32', T([42], ()), (1, 1))
reshape('edge-to-scalar', 'A 1x1x1 tensor reshaped to rank 0.', 'f64', T([-0.0], (1, 1, 1)), ())
reshape('edge-empty', 'An empty tensor keeps being empty (0x3 -> 3x0x5).', 'f32', T([], (0, 3)), (3, 0, 5))
reshape('edge-f16-special', 'Values are copied bit-exactly (f16 -0.0, inf, NaN, subnormal).', 'f16', T([NZ, 'inf', F16NAN, F16SUB], (2, 2)), (4,))
reshape('edge-complex', 'reshape on complex<f32>.', 'complex<f32>', T([(1.0, -1.0), (2.0, NZ), ('inf', 0.5), (3.0, 4.0)]), (2, 2))
reshape('edge-bool', 'reshape on i1.', 'i1', T([True, False, False, True, True, False], (3, 2)), (2, 3))

# ---------------------------------------------------------------- transpose
def transpose(stem, comment, ety, t, perm, printed=None):
    r = ref_transpose(t, perm)
    if printed is not None: same(r, printed)
    write('transpose', stem, comment, [tconst('operand', t, ety),
        '%%result = "stablehlo.transpose"(%%operand) {\n  permutation = %s\n} : (%s) -> %s' % (arr(perm), tty(t, ety), tty(r, ety)),
        tcheck('result', r, ety)])
transpose('example-1', "From the spec's `transpose` example (si32, 2x3x2 with permutation [2, 1, 0]).", 'i32', arange((2, 3, 2)), [2, 1, 0],
          printed=[1, 7, 3, 9, 5, 11, 2, 8, 4, 10, 6, 12])
transpose('edge-identity', 'The identity permutation leaves the tensor unchanged.', 'i64', arange((2, 3)), [0, 1])
transpose('edge-2d', 'A plain matrix transpose (2x3 -> 3x2) on f32.', 'f32', T([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], (2, 3)), [1, 0])
transpose('edge-rank3-cycle', 'permutation [1, 2, 0] on 2x3x4: result[i, j, k] = operand[k, i, j].', 'i32', arange((2, 3, 4)), [1, 2, 0])
transpose('edge-rank4', 'permutation [3, 1, 0, 2] on 2x1x3x2.', 'ui32', arange((2, 1, 3, 2)), [3, 1, 0, 2])
transpose('edge-empty', 'An empty tensor (0x2 -> 2x0).', 'f32', T([], (0, 2)), [1, 0])
transpose('edge-scalar', 'A rank-0 tensor with the empty permutation.', 'i32', T([5], ()), [])
transpose('edge-bf16-special', 'Values are copied bit-exactly (bf16 -0.0, -inf, NaN, 0.1).', 'bf16', T([NZ, '-inf', '0x7FC0', '0.1'], (2, 2)), [1, 0])
transpose('edge-complex', 'transpose on complex<f64>.', 'complex<f64>', T([(1.0, 2.0), (3.0, 4.0), (5.0, NZ), (7.0, 8.0)], (2, 2)), [1, 0])

# ---------------------------------------------------------------- slice
def slice_(stem, comment, ety, t, start, limit, strides, printed=None):
    r = ref_slice(t, start, limit, strides)
    if printed is not None: same(r, printed)
    write('slice', stem, comment, [tconst('operand', t, ety),
        '%%result = "stablehlo.slice"(%%operand) {\n  start_indices = %s,\n  limit_indices = %s,\n  strides = %s\n} : (%s) -> %s' % (
            arr(start), arr(limit), arr(strides), tty(t, ety), tty(r, ety)),
        tcheck('result', r, ety)])
slice_('example-1', "From the spec's `slice` example (si64, rows 1..3, columns 2..4).", 'i64',
       T([0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 1], (3, 4)), [1, 2], [3, 4], [1, 1], printed=[1, 1, 1, 1])
slice_('edge-strided', 'Strides > 1: start [0, 2], limit [3, 6], strides [2, 3] on 3x6 -> 2x2.', 'i64', arange((3, 6), 0), [0, 2], [3, 6], [2, 3])
slice_('edge-stride-ceil', 'shape(result) = ceil((limit - start) / stride): 7 elements with stride 3 from 1 -> 2 elements (1, 4).', 'i32',
       T(list(range(7))), [1], [7], [3])
slice_('edge-empty', 'start = limit gives a zero-sized dimension.', 'f32', T([1.0, 2.0, 3.0, 4.0], (2, 2)), [1, 2], [2, 2], [1, 1])
slice_('edge-full', 'The full range with stride 1 is the identity.', 'ui8', T([0, 255, 7, 8], (2, 2)), [0, 0], [2, 2], [1, 1])
slice_('edge-large-stride', 'A stride larger than the dimension takes just the start element.', 'i32', arange((2, 5)), [0, 3], [2, 5], [5, 10])
slice_('edge-rank3', 'A rank-3 slice with mixed strides.', 'i16', arange((3, 4, 5)), [1, 0, 1], [3, 4, 5], [1, 2, 2])
slice_('edge-f16-special', 'Values are copied bit-exactly (f16 -0.0, NaN, inf, subnormal).', 'f16', T([1.0, NZ, 2.0, F16NAN, 3.0, 'inf', 4.0, F16SUB]), [1], [8], [2])
slice_('edge-complex', 'slice on complex<f32>.', 'complex<f32>', T([(1.0, 2.0), (3.0, 4.0), (5.0, 6.0)]), [1], [3], [1])

# ---------------------------------------------------------------- dynamic_slice
def dslice(stem, comment, ety, t, starts, sizes, ity='i64', printed=None):
    r = ref_dynamic_slice(t, starts, sizes)
    if printed is not None: same(r, printed)
    names = ['start_indices%d' % i for i in range(len(starts))]
    lines = [tconst('operand', t, ety)] + [tconst(n, T([s], ()), ity) for n, s in zip(names, starts)]
    lines.append('%%result = "stablehlo.dynamic_slice"(%%operand%s) {\n  slice_sizes = %s\n} : (%s) -> %s' % (
        ''.join(', %' + n for n in names), arr(sizes), ', '.join([tty(t, ety)] + ['tensor<%s>' % ity] * len(starts)), tty(r, ety)))
    lines.append(tcheck('result', r, ety))
    write('dynamic_slice', stem, comment, lines)
dslice('example-1', ["From the spec's `dynamic_slice` example (si32): start indices (-1, 3) are clamped to",
       'clamp(0, start, shape - slice_sizes) = (0, 2).'], 'i32', T([0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0], (4, 4)), [-1, 3], [2, 2],
       printed=[1, 1, 1, 1])
dslice('edge-in-range', 'Start indices in range are used as given: (1, 1) with sizes (2, 3) on 3x4.', 'i32', arange((3, 4)), [1, 1], [2, 3])
dslice('edge-clamp-high', 'Start indices far above the range clamp to shape - slice_sizes.', 'f32', T([float(i) for i in range(10)]), [100], [3])
dslice('edge-clamp-int-min', 'si32 start index INT_MIN clamps to 0; INT_MAX clamps to shape - slice_sizes.', 'i64', arange((3, 3)), [-2147483648, 2147483647], [2, 2], ity='i32')
dslice('edge-unsigned-index', 'ui8 start indices (unsigned): 255 clamps to shape - slice_sizes.', 'i32', arange((2, 4)), [0, 255], [1, 2], ity='ui8')
dslice('edge-full-size', 'slice_sizes equal to the shape: every start clamps to 0 and the result is the operand.', 'i64', arange((2, 2)), [1, -1], [2, 2])
dslice('edge-empty', 'A zero slice size gives an empty result (any start index).', 'f32', T([1.0, 2.0, 3.0]), [7], [0])
dslice('edge-i8-index', 'si8 start indices.', 'ui16', arange((4,), 10), [-128], [2], ity='i8')
dslice('edge-f16-special', 'Values are copied bit-exactly (f16 -0.0, NaN, inf).', 'f16', T([1.0, NZ, F16NAN, '-inf']), [1], [3])
dslice('edge-complex', 'dynamic_slice on complex<f32>.', 'complex<f32>', T([(1.0, 2.0), (3.0, 4.0), (5.0, 6.0)]), [2], [2])

# ---------------------------------------------------------------- dynamic_update_slice
def dus(stem, comment, ety, t, u, starts, ity='i64', printed=None):
    r = ref_dynamic_update_slice(t, u, starts)
    if printed is not None: same(r, printed)
    names = ['start_indices%d' % i for i in range(len(starts))]
    lines = [tconst('operand', t, ety), tconst('update', u, ety)] + [tconst(n, T([s], ()), ity) for n, s in zip(names, starts)]
    lines.append('%%result = "stablehlo.dynamic_update_slice"(%%operand, %%update%s)\n  : (%s) -> %s' % (
        ''.join(', %' + n for n in names), ', '.join([tty(t, ety), tty(u, ety)] + ['tensor<%s>' % ity] * len(starts)), tty(r, ety)))
    lines.append(tcheck('result', r, ety))
    write('dynamic_update_slice', stem, comment, lines)
dus('example-1', ["From the spec's `dynamic_update_slice` example (si32): start indices (-1, 3) are clamped to (0, 2)."], 'i32',
    T([1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1], (4, 4)), T([1, 1, 1, 1], (2, 2)), [-1, 3], printed=[1] * 16)
dus('edge-in-range', 'An update placed at (1, 1) inside a 3x4 operand; other elements are kept.', 'i32', arange((3, 4)), T([-1, -2, -3, -4], (2, 2)), [1, 1])
dus('edge-clamp-negative', 'A negative start index clamps to 0.', 'i64', T([1, 2, 3, 4, 5]), T([9, 8]), [-5])
dus('edge-clamp-high', 'A start index above the range clamps to shape(operand) - shape(update).', 'f32', T([1.0, 2.0, 3.0, 4.0, 5.0]), T([-1.0, -2.0]), [10])
dus('edge-unsigned-index', 'ui32 start indices: 4294967295 is a large positive index and clamps high.', 'i32', arange((2, 3)), T([0, 0], (1, 2)), [0, 4294967295], ity='ui32')
dus('edge-empty-update', 'A zero-sized update leaves the operand unchanged.', 'i32', arange((2, 2)), T([], (0, 2)), [1, 0])
dus('edge-full-update', 'An update of the operand\'s shape replaces everything (starts clamp to 0).', 'i8', T([1, 2, 3, 4], (2, 2)), T([-128, 127, 0, -1], (2, 2)), [1, 1])
dus('edge-f16-special', 'Updated values are copied bit-exactly (f16 -0.0, NaN, subnormal).', 'f16', T([1.0, 2.0, 3.0, 4.0]), T([NZ, F16NAN, F16SUB]), [1])
dus('edge-complex', 'dynamic_update_slice on complex<f64>.', 'complex<f64>', T([(1.0, 1.0), (2.0, 2.0), (3.0, 3.0)]), T([(NZ, -5.0)]), [1], ity='i32')
dus('edge-bool', 'dynamic_update_slice on i1.', 'i1', T([False, False, False, False]), T([True, True]), [3], ity='i32')

# ---------------------------------------------------------------- pad
def pad(stem, comment, ety, t, pv, lo, hi, interior, printed=None):
    r = ref_pad(t, pv, lo, hi, interior)
    if printed is not None: same(r, printed)
    write('pad', stem, comment, [tconst('operand', t, ety), tconst('padding_value', T([pv], ()), ety),
        '%%result = "stablehlo.pad"(%%operand, %%padding_value) {\n  edge_padding_low = %s,\n  edge_padding_high = %s,\n  interior_padding = %s\n} : (%s, tensor<%s>) -> %s' % (
            arr(lo), arr(hi), arr(interior), tty(t, ety), ety, tty(r, ety)),
        tcheck('result', r, ety)])
pad('example-1', "From the spec's `pad` example (si32, low [0, 1], high [2, 1], interior [1, 2]).", 'i32', arange((2, 3)), 0, [0, 1], [2, 1], [1, 2],
    printed=[0, 1, 0, 0, 2, 0, 0, 3, 0] + [0] * 9 + [0, 4, 0, 0, 5, 0, 0, 6, 0] + [0] * 18)
pad('edge-negative-edge', 'Spec: negative edge padding removes elements: low -1 and high -2 on 5 elements keep elements 1..2.', 'i64',
    T([1, 2, 3, 4, 5]), 0, [-1], [-2], [0])
pad('edge-negative-into-interior', ['Spec: interior padding happens before edge padding, so negative edge padding removes interior-padded',
    'elements too: [1, 2, 3] with interior 2 is [1, p, p, 2, p, p, 3]; low -2, high -1 leave [p, 2, p, p].'], 'i32',
    T([1, 2, 3]), -1, [-2], [-1], [2])
pad('edge-mixed-2d', 'Negative and positive edge padding with interior padding in 2-D (from the upstream interpreter test).', 'i64',
    T([0, 0, 0, 0, 0, 1, 2, 0, 0, 3, 4, 0, 0, 5, 6, 0, 0, 0, 0, 0], (5, 4)), -1, [1, -1], [1, -1], [0, 1],
    printed=[-1] * 5 + [-1, 0, -1, 0, -1, -1, 1, -1, 2, -1, -1, 3, -1, 4, -1, -1, 5, -1, 6, -1, -1, 0, -1, 0, -1] + [-1] * 5)
pad('edge-interior-only', 'Interior padding only: 2 padding elements between neighbours, none at the ends.', 'f32', T([1.0, 2.0, 3.0]), 0.5, [0], [0], [2])
pad('edge-empty-operand', ['An empty operand: shape(result) = 0 + low + max(0 - 1, 0) * interior + high = 3, all padding', '(interior padding of an empty dimension adds nothing).'],
    'f32', T([]), -0.0, [2], [1], [4])
pad('edge-empty-result', 'Negative edge padding may remove every element (3 elements, low -2, high -1).', 'i32', T([1, 2, 3]), 9, [-2], [-1], [0])
pad('edge-scalar', 'A rank-0 operand with empty padding arrays is unchanged.', 'i32', T([4], ()), 0, [], [], [])
pad('edge-f16-special', 'Padding with f16 NaN; operand values -0.0 and inf are copied bit-exactly.', 'f16', T([NZ, 'inf']), F16NAN, [1], [1], [1])
pad('edge-bf16-negzero', 'Padding with bf16 -0.0 (bit-exact).', 'bf16', T(['0.1', 2.0], (1, 2)), NZ, [1, 0], [0, 1], [0, 0])
pad('edge-complex', 'pad on complex<f32> with a complex padding value.', 'complex<f32>', T([(1.0, 2.0), (3.0, 4.0)]), (NZ, 1.0), [1], [0], [1])
pad('edge-bool', 'pad on i1.', 'i1', T([True, True]), False, [0], [1], [1])

# ---------------------------------------------------------------- reverse
def reverse(stem, comment, ety, t, dims, printed=None):
    r = ref_reverse(t, dims)
    if printed is not None: same(r, printed)
    write('reverse', stem, comment, [tconst('operand', t, ety),
        '%%result = "stablehlo.reverse"(%%operand) {\n  dimensions = %s\n} : (%s) -> %s' % (arr(dims), tty(t, ety), tty(r, ety)),
        tcheck('result', r, ety)])
reverse('example-1', "From the spec's `reverse` example (si32, 3x2 reversed along dimension 1).", 'i32', arange((3, 2)), [1], printed=[2, 1, 4, 3, 6, 5])
reverse('edge-both-dims', 'Reversing along both dimensions of 3x2 (dimensions [1, 0]).', 'i64', arange((3, 2)), [1, 0])
reverse('edge-no-dims', 'dimensions = [] leaves the tensor unchanged.', 'i32', arange((2, 2)), [])
reverse('edge-rank3-middle', 'Reversing the middle dimension of 2x3x2.', 'ui8', arange((2, 3, 2)), [1])
reverse('edge-size1', 'Reversing a size-1 dimension changes nothing.', 'f32', T([1.0, 2.0], (1, 2)), [0])
reverse('edge-empty', 'Reversing an empty tensor.', 'f32', T([], (2, 0)), [0, 1])
reverse('edge-f16-special', 'Values are copied bit-exactly (f16 -0.0, NaN, -inf, subnormal).', 'f16', T([NZ, F16NAN, '-inf', F16SUB]), [0])
reverse('edge-complex', 'reverse on complex<f32>.', 'complex<f32>', T([(1.0, 2.0), (3.0, NZ), (5.0, 6.0)]), [0])
reverse('edge-bool', 'reverse on i1.', 'i1', T([True, False, False], (3,)), [0])

# ---------------------------------------------------------------- get_dimension_size
def gds(stem, comment, ety, shape, dim):
    t = T([0] * prod(shape), shape) if ety != 'i1' else T([False] * prod(shape), shape)
    if is_float(ety): t = T([0.0] * prod(shape), shape)
    if is_complex(ety): t = T([(0.0, 0.0)] * prod(shape), shape)
    write('get_dimension_size', stem, comment, [tconst('operand', t, ety),
        '%%result = "stablehlo.get_dimension_size"(%%operand) {\n  dimension = %d : i64\n} : (%s) -> tensor<i32>' % (dim, tty(t, ety)),
        'check.expect_eq_const %%result, dense<%d> : tensor<i32>' % shape[dim]])
write('get_dimension_size', 'example-1', "From the spec's `get_dimension_size` example (2x3xi64, dimension 1 -> 3).", [
    tconst('operand', arange((2, 3)), 'i64'),
    '%result = "stablehlo.get_dimension_size"(%operand) {\n  dimension = 1 : i64\n} : (tensor<2x3xi64>) -> tensor<i32>',
    'check.expect_eq_const %result, dense<3> : tensor<i32>'])
gds('edge-dim0', 'Dimension 0 of a 2x3 tensor is 2.', 'i64', (2, 3), 0)
gds('edge-zero-size', 'A zero-sized dimension has size 0.', 'f32', (3, 0), 1)
gds('edge-rank3-last', 'The last dimension of a 2x3x7 f16 tensor is 7 (element type does not matter).', 'f16', (2, 3, 7), 2)
gds('edge-complex', 'get_dimension_size on complex<f64>.', 'complex<f64>', (4,), 0)
gds('edge-bool', 'get_dimension_size on i1.', 'i1', (1, 5), 0)

# ---------------------------------------------------------------- gather
def gather(stem, comment, ety, op, si, offset_dims, collapsed, obd, sibd, sim, ivd, ss, ity='i64', sorted_=False, printed=None):
    r = ref_gather(op, si, offset_dims, collapsed, obd, sibd, sim, ivd, ss)
    if printed is not None: same(r, printed)
    dnums = ['offset_dims = %s' % lst(offset_dims), 'collapsed_slice_dims = %s' % lst(collapsed)]
    if obd: dnums += ['operand_batching_dims = %s' % lst(obd), 'start_indices_batching_dims = %s' % lst(sibd)]
    dnums += ['start_index_map = %s' % lst(sim), 'index_vector_dim = %d>' % ivd]
    write('gather', stem, comment, [tconst('operand', op, ety), tconst('start_indices', si, ity),
        '%%result = "stablehlo.gather"(%%operand, %%start_indices) {\n  dimension_numbers = #stablehlo.gather<\n    %s,\n  slice_sizes = %s,\n  indices_are_sorted = %s\n} : (%s, %s) -> %s' % (
            ',\n    '.join(dnums), arr(ss), 'true' if sorted_ else 'false', tty(op, ety), tty(si, ity), tty(r, ety)),
        tcheck('result', r, ety)])
g_op = arange((2, 3, 4, 2))
g_si = T([0, 0, 1, 0, 2, 1, 0, 1, 1, 1, 0, 9, 0, 0, 2, 1, 2, 2, 1, 2, 0, 1, 1, 0], (2, 2, 3, 2))
gather('example-1', ["From the spec's `gather` example (si32 operand, si64 indices, with batching dims; the start index",
       '[0, 9] is clamped to [0, 2]).'], 'i32', g_op, g_si, [3, 4], [1], [0], [1], [2, 1], 3, [1, 1, 2, 2],
       printed=[1, 2, 3, 4, 3, 4, 5, 6, 13, 14, 15, 16, 33, 34, 35, 36, 35, 36, 37, 38, 41, 42, 43, 44,
                1, 2, 3, 4, 13, 14, 15, 16, 21, 22, 23, 24, 43, 44, 45, 46, 33, 34, 35, 36, 27, 28, 29, 30])
gather('edge-no-batching', 'gather without batching dims: 3x4x2 operand, 2x3x2 indices, index_vector_dim 2 (the index 9 clamps to 2).',
       'i64', arange((3, 4, 2)), T([0, 2, 1, 0, 2, 1, 0, 1, 1, 0, 0, 9], (2, 3, 2)), [2, 3], [0], [], [], [1, 0], 2, [1, 2, 2])
gather('edge-clamp', ['Spec: each start index is clamped to [0, dim - slice_size]: -5 -> 0 and 7 -> 3 for slices of 2 out of 5;',
       'the si64 extremes clamp the same way.'], 'f32', T([10.0, 11.0, 12.0, 13.0, 14.0]),
       T([-5, 7, 2, -9223372036854775808, 9223372036854775807], (5, 1)), [1], [], [], [], [0], 1, [2])
gather('edge-embedding', ['An embedding lookup with index_vector_dim = rank(start_indices) (implicit trailing index vector):',
       'rows 3, 0, 3 of a 4x3 table (repeated indices are fine for gather).'], 'f32', T([float(i) for i in range(12)], (4, 3)),
       T([3, 0, 3]), [1], [0], [], [], [0], 1, [1, 3], ity='i32')
gather('edge-no-collapse', 'Without collapsed_slice_dims the size-1 slice dimension stays in the result (offset_dims [1, 2]).', 'i32',
       arange((3, 3)), T([2, 1, 0, 0], (2, 2)), [1, 2], [], [], [], [0, 1], 1, [1, 2])
gather('edge-offset-dims-first', 'offset_dims before the batch dimension: offset_dims = [0], batch dimension is result dim 1.', 'i32',
       arange((3, 4)), T([1, 2]), [0], [0], [], [], [0], 1, [1, 4])
gather('edge-empty-indices', 'Zero start indices give an empty result (start_indices 0x1).', 'f32', T([1.0, 2.0, 3.0]), T([], (0, 1)), [1], [], [], [], [0], 1, [2])
gather('edge-unsigned-index', 'ui8 start indices: 200 clamps to dim - slice_size.', 'i64', arange((6,)), T([200, 1], (2, 1)), [1], [], [], [], [0], 1, [3], ity='ui8')
gather('edge-f16-special', 'Gathered values are copied bit-exactly (f16 -0.0, NaN, inf, subnormal).', 'f16', T([NZ, F16NAN, 'inf', F16SUB]),
       T([3, 0, 1], (3, 1)), [], [0], [], [], [0], 1, [1])
gather('edge-complex', 'gather on complex<f32>.', 'complex<f32>', T([(1.0, 2.0), (3.0, 4.0), (5.0, NZ)]), T([2, 0], (2, 1)), [], [0], [], [], [0], 1, [1])
gather('edge-sorted', 'indices_are_sorted = true with indices that are sorted (allowed; the result is the same).', 'i32',
       arange((5,)), T([0, 2, 4], (3, 1)), [], [0], [], [], [0], 1, [1], sorted_=True)

# ---------------------------------------------------------------- scatter
def scatter(stem, comment, etys, inputs, si, updates, uwd, iwd, ibd, sibd, sdod, ivd, body, comp, ity='i64',
            unique=False, printed=None):
    """etys: element type per input; body: region text; comp: python version of the update computation."""
    rs = ref_scatter(inputs, si, updates, uwd, iwd, ibd, sibd, sdod, ivd, comp)
    if printed is not None: same(rs[0], printed)
    n = len(inputs)
    ins = ['input%d' % i for i in range(n)] if n > 1 else ['input']
    ups = ['update%d' % i for i in range(n)] if n > 1 else ['update']
    outs = ['result%d' % i for i in range(n)] if n > 1 else ['result']
    dnums = ['update_window_dims = %s' % lst(uwd), 'inserted_window_dims = %s' % lst(iwd)]
    if ibd: dnums += ['input_batching_dims = %s' % lst(ibd), 'scatter_indices_batching_dims = %s' % lst(sibd)]
    dnums += ['scatter_dims_to_operand_dims = %s' % lst(sdod), 'index_vector_dim = %d>' % ivd]
    rtypes = ', '.join(tty(t, e) for t, e in zip(inputs, etys))
    lines = [tconst(nm, t, e) for nm, t, e in zip(ins, inputs, etys)] + [tconst('scatter_indices', si, ity)] + \
            [tconst(nm, t, e) for nm, t, e in zip(ups, updates, etys)]
    lines.append('%s = "stablehlo.scatter"(%s) ({\n%s\n}) {\n  scatter_dimension_numbers = #stablehlo.scatter<\n    %s,\n  indices_are_sorted = false,\n  unique_indices = %s\n} : (%s) -> %s' % (
        ', '.join('%' + o for o in outs), ', '.join(['%' + x for x in ins] + ['%scatter_indices'] + ['%' + x for x in ups]), body,
        ',\n    '.join(dnums), 'true' if unique else 'false',
        ', '.join([tty(t, e) for t, e in zip(inputs, etys)] + [tty(si, ity)] + [tty(t, e) for t, e in zip(updates, etys)]),
        rtypes if n == 1 else '(' + rtypes + ')'))
    lines += [tcheck(o, r, e) for o, r, e in zip(outs, rs, etys)]
    write('scatter', stem, comment, lines)

def add2(a, b): return (a[0] + b[0],)
s_upd = T([1] * 48, (2, 2, 3, 2, 2))
scatter('example-1', ["From the spec's `scatter` example (si64, add, with batching dims; the window at start index [0, 9] is", 'out of bounds and skipped).'],
        ['i64'], [arange((2, 3, 4, 2))], g_si, [s_upd], [3, 4], [1], [0], [1], [2, 1], 3, binbody('add', 'i64'), add2,
        printed=[3, 4, 6, 7, 6, 7, 7, 8, 9, 10, 11, 12, 15, 16, 17, 18, 17, 18, 19, 20, 22, 23, 24, 25,
                 25, 26, 28, 29, 30, 31, 31, 32, 35, 36, 38, 39, 38, 39, 39, 40, 41, 42, 44, 45, 46, 47, 47, 48])
scatter('edge-no-batching', 'scatter without batching dims (the upstream interpreter test): si64 add, one window out of bounds.',
        ['i64'], [arange((3, 4, 2))], T([0, 2, 1, 0, 2, 1, 0, 1, 1, 0, 0, 9], (2, 3, 2)), [T([1] * 24, (2, 3, 2, 2))],
        [2, 3], [0], [], [], [1, 0], 2, binbody('add', 'i64'), add2,
        printed=[1, 2, 5, 6, 7, 8, 7, 8, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 21, 22, 23, 24])
scatter('edge-out-of-bounds', ['Spec: an update whose result index is out of bounds is skipped. Indices -1, 4 and 100 on a',
        'size-4 input (scatter does not clamp, unlike gather); index 2 is applied.'], ['i32'], [T([1, 2, 3, 4])],
        T([-1, 4, 100, 2], (4, 1)), [T([10, 20, 30, 40])], [], [0], [], [], [0], 1, binbody('add', 'i32'), add2)
scatter('edge-oob-partial-window', ['Spec: the in-bounds check is per update element (result_index), so for a window that sticks',
        'out past the end only its in-bounds elements are applied: window [10, 20, 30] at start 3 of a size-5 input',
        'updates positions 3 and 4. (XLA instead skips the whole window; the spec text is followed here.)'],
        ['i32'], [T([1, 2, 3, 4, 5])], T([3], (1, 1)), [T([10, 20, 30], (1, 3))], [1], [], [], [], [0], 1, binbody('add', 'i32'), add2)
scatter('edge-duplicate-add-int', ['Duplicate indices with integer add (order-independent): index 1 is hit three times,',
        'index 3 twice.'], ['i32'], [T([0, 100, 200, 300])], T([1, 3, 1, 1, 3], (5, 1)), [T([1, 2, 4, 8, 16])],
        [], [0], [], [], [0], 1, binbody('add', 'i32'), add2)
scatter('edge-duplicate-max-float', ['Duplicate indices with maximum on f32 (associative and commutative, so every schedule',
        'gives the same result, NaN included).'], ['f32'], [T([0.0, 5.0, -1.0])], T([0, 0, 2, 2, 2, 1], (6, 1)),
        [T([-3.0, 2.5, '-inf', 'nan', 1.0, 4.0])], [], [0], [], [], [0], 1, binbody('maximum', 'f32'),
        lambda a, b: (NAN if math.isnan(num(a[0], 'f32')) or math.isnan(num(b[0], 'f32')) else max(num(a[0], 'f32'), num(b[0], 'f32')),))
scatter('edge-replace', ['An update computation that returns the update (overwrite), with unique indices; unique_indices = true.'],
        ['f32'], [T([1.0, 2.0, 3.0, 4.0], (2, 2))], T([1, 0], (2, 1)), [T([-0.0, 'inf', 5.0, 6.0], (2, 2))], [1], [0], [], [], [0], 1,
        region(['f32', 'f32'], ['"stablehlo.return"(%arg1) : (tensor<f32>) -> ()']), lambda a, b: b, unique=True)
scatter('edge-implicit-index-vector', ['index_vector_dim = rank(scatter_indices) = 1: each index is a scalar; updates of 2x2 rows',
        'into a 3x2 input (update_window_dims = [1]).'], ['i64'], [T([0] * 6, (3, 2))], T([2, 0]), [T([1, 2, 3, 4], (2, 2))],
        [1], [0], [], [], [0], 1, binbody('add', 'i64'), add2)
scatter('edge-variadic', ['Two inputs scattered together: the computation adds on the si32 input and keeps the larger',
        'value on the f32 input (unique indices).'], ['i32', 'f32'], [T([1, 2, 3]), T([0.5, 1.5, 2.5])], T([2, 0], (2, 1)),
        [T([10, 20]), T([-1.0, 7.0])], [], [0], [], [], [0], 1,
        region(['i32', 'f32', 'i32', 'f32'], ['%0 = "stablehlo.add"(%arg0, %arg2) : (tensor<i32>, tensor<i32>) -> tensor<i32>',
               '%1 = "stablehlo.maximum"(%arg1, %arg3) : (tensor<f32>, tensor<f32>) -> tensor<f32>',
               '"stablehlo.return"(%0, %1) : (tensor<i32>, tensor<f32>) -> ()']),
        lambda a, b: (a[0] + b[0], max(a[1], b[1])), ity='i32')
scatter('edge-empty-updates', 'Zero updates leave the input unchanged (scatter_indices 0x1, updates 0).', ['i32'], [T([1, 2, 3])],
        T([], (0, 1)), [T([], (0,))], [], [0], [], [], [0], 1, binbody('add', 'i32'), add2)
scatter('edge-f16-add', 'f16 add with unique indices and exactly representable sums (1 + 2^-10, 65504 + 0).', ['f16'],
        [T([1.0, F16MAX, NZ])], T([0, 1, 2], (3, 1)), [T([2.0 ** -10, 0.0, NZ])], [], [0], [], [], [0], 1, binbody('add', 'f16'),
        lambda a, b: (a[0] + b[0],))
scatter('edge-bf16-add-dup', ['bf16 add with duplicate indices whose every partial sum is exact (small integers), so every',
        'schedule gives the same result.'], ['bf16'], [T([1.0, 2.0])], T([0, 0, 0, 1], (4, 1)), [T([2.0, 4.0, 8.0, -2.0])],
        [], [0], [], [], [0], 1, binbody('add', 'bf16'), lambda a, b: (a[0] + b[0],))
scatter('edge-complex-add', 'complex<f32> add with unique indices (exact sums).', ['complex<f32>'], [T([(1.0, 2.0), (3.0, 4.0)])],
        T([1], (1, 1)), [T([(0.5, -4.0)])], [], [0], [], [], [0], 1, binbody('add', 'complex<f32>'),
        lambda a, b: ((a[0][0] + b[0][0], a[0][1] + b[0][1]),))
scatter('edge-unsigned-index', 'ui32 scatter indices: 4294967295 is out of bounds (skipped), 1 is applied.', ['i32'], [T([0, 0])],
        T([4294967295, 1], (2, 1)), [T([5, 7])], [], [0], [], [], [0], 1, binbody('add', 'i32'), add2, ity='ui32')

# ---------------------------------------------------------------- sort
def sort(stem, comment, etys, inputs, dim, is_stable, body, less, printed=None, explicit_stable=True):
    rs = ref_sort(inputs, dim, less)
    if printed is not None:
        for r, p in zip(rs, printed): same(r, p)
    n = len(inputs)
    ins = ['input%d' % i for i in range(n)]
    outs = ['result%d' % i for i in range(n)]
    types = ', '.join(tty(t, e) for t, e in zip(inputs, etys))
    at = [('dimension', '%d : i64' % dim)]
    if explicit_stable: at.append(('is_stable', 'true' if is_stable else 'false'))
    lines = [tconst(nm, t, e) for nm, t, e in zip(ins, inputs, etys)]
    lines.append('%s = "stablehlo.sort"(%s) ({\n%s\n}) %s : (%s) -> %s' % (
        ', '.join('%' + o for o in outs), ', '.join('%' + x for x in ins), body, attrs(at), types, types if n == 1 else '(' + types + ')'))
    lines += [tcheck(o, r, e) for o, r, e in zip(outs, rs, etys)]
    write('sort', stem, comment, lines)

def cmpbody(etys, direction, which=0, ctype=None):
    """comparator comparing operand `which` with `direction` (other operands ignored)"""
    args = []
    for e in etys: args += [e, e]
    t = 'tensor<%s>' % etys[which]
    ct = ',\n  compare_type = #stablehlo<comparison_type %s>' % ctype if ctype else ''
    return region(args, ['%%predicate = "stablehlo.compare"(%%arg%d, %%arg%d) {\n  comparison_direction = #stablehlo<comparison_direction %s>%s\n} : (%s, %s) -> tensor<i1>' % (
        2 * which, 2 * which + 1, direction, ct, t, t),
        '"stablehlo.return"(%predicate) : (tensor<i1>) -> ()'])

sort('example-1', ["From the spec's `sort` example (si64, two operands sorted along dimension 0 by operand 0 with GT, stable)."],
     ['i64', 'i64'], [T([1, 2, 3, 3, 2, 1], (2, 3)), T([3, 2, 1, 1, 2, 3], (2, 3))], 0, True, cmpbody(['i64', 'i64'], 'GT'),
     lambda a, b: a[0] > b[0], printed=[[3, 2, 3, 1, 2, 1], [1, 2, 1, 3, 2, 3]])
sort('edge-stable-ties', ['Spec: with is_stable = true, elements the comparator considers equal keep their relative order. Keys',
     '[2, 1, 2, 1, 2] compared with LT; operand 1 records the original positions.'], ['i32', 'i32'],
     [T([2, 1, 2, 1, 2]), T([0, 1, 2, 3, 4])], 0, True, cmpbody(['i32', 'i32'], 'LT'), lambda a, b: a[0] < b[0])
sort('edge-stable-descending', ['Stable descending sort (GT) with ties: equal keys keep their original order.'], ['f32', 'i32'],
     [T([1.0, 3.0, 1.0, 3.0, 2.0, 3.0]), T([0, 1, 2, 3, 4, 5])], 0, True, cmpbody(['f32', 'i32'], 'GT'), lambda a, b: a[0] > b[0])
lex = region(['i32', 'i32', 'f32', 'f32'], [
    '%lt0 = "stablehlo.compare"(%arg0, %arg1) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<i32>, tensor<i32>) -> tensor<i1>',
    '%eq0 = "stablehlo.compare"(%arg0, %arg1) {comparison_direction = #stablehlo<comparison_direction EQ>} : (tensor<i32>, tensor<i32>) -> tensor<i1>',
    '%gt1 = "stablehlo.compare"(%arg2, %arg3) {comparison_direction = #stablehlo<comparison_direction GT>} : (tensor<f32>, tensor<f32>) -> tensor<i1>',
    '%and = "stablehlo.and"(%eq0, %gt1) : (tensor<i1>, tensor<i1>) -> tensor<i1>',
    '%predicate = "stablehlo.or"(%lt0, %and) : (tensor<i1>, tensor<i1>) -> tensor<i1>',
    '"stablehlo.return"(%predicate) : (tensor<i1>) -> ()'])
sort('edge-two-keys', ['A comparator over both operands: ascending by operand 0, then descending by operand 1 (all keys',
     'distinct, so is_stable = false gives a unique result).'], ['i32', 'f32'],
     [T([2, 1, 2, 1, 0, 2]), T([0.5, 3.0, 1.5, -1.0, 9.0, 2.5])], 0, False, lex,
     lambda a, b: a[0] < b[0] or (a[0] == b[0] and a[1] > b[1]))
sort('edge-negative-dimension', 'Spec: dimension may be negative; -1 is the last dimension (rows of 2x3 sorted ascending).', ['i64'],
     [T([3, 1, 2, 6, 5, 4], (2, 3))], -1, True, cmpbody(['i64'], 'LT'), lambda a, b: a[0] < b[0])
sort('edge-dimension-0-rank2', 'Sorting the columns of a 3x2 tensor (dimension 0).', ['i32'], [T([5, -1, 3, 7, 4, 0], (3, 2))], 0, True,
     cmpbody(['i32'], 'LT'), lambda a, b: a[0] < b[0])
def totless(a, b):
    def k(x):
        if x == '0xFFC00000': return (-2, 0.0, 0)
        if x == '0x7FC00000': return (2, 0.0, 0)
        v = num(x, 'f32')
        return (0, v, -1 if (v == 0 and math.copysign(1, v) < 0) else 0)
    return k(a[0]) < k(b[0])
sort('edge-totalorder-float', ['f32 sort with compare_type TOTALORDER (LT): -NaN < -inf < negatives < -0 < +0 < subnormal <',
     'positives < +inf < +NaN. All encodings distinct, so the order is unique.'], ['f32'],
     [T([1.0, '0x7FC00000', NZ, '-inf', 0.0, '0xFFC00000', F32SUB, 'inf', -2.5])], 0, False,
     cmpbody(['f32'], 'LT', ctype='TOTALORDER'), totless)
sort('edge-unsigned', 'ui8 sort with compare_type UNSIGNED: 255 is the largest.', ['ui8'], [T([255, 0, 128, 127, 1])], 0, True,
     cmpbody(['ui8'], 'LT', ctype='UNSIGNED'), lambda a, b: a[0] < b[0])
sort('edge-f16', 'f16 sort ascending (FLOAT LT, no NaN or signed zeros).', ['f16'], [T([F16MAX, -1.0, F16SUB, '-inf', 0.5])], 0, True,
     cmpbody(['f16'], 'LT'), lambda a, b: num(a[0], 'f16') < num(b[0], 'f16'))
sort('edge-bf16-three-operands', 'Three operands sorted by the bf16 operand 1 (descending); operands 0 and 2 follow.', ['i32', 'bf16', 'i1'],
     [T([0, 1, 2, 3]), T(['0.1', 4.0, -2.0, 8.0]), T([True, False, False, True])], 0, True,
     cmpbody(['i32', 'bf16', 'i1'], 'GT', which=1), lambda a, b: num(a[1], 'bf16') > num(b[1], 'bf16'))
sort('edge-default-unstable', ['is_stable omitted (defaults to false) with distinct keys: the result is unique.'], ['i64'],
     [T([4, -2, 9, 0])], 0, False, cmpbody(['i64'], 'LT'), lambda a, b: a[0] < b[0], explicit_stable=False)
sort('edge-empty', 'Sorting an empty dimension (2x0) gives an empty result.', ['f32'], [T([], (2, 0))], 1, True, cmpbody(['f32'], 'LT'),
     lambda a, b: a[0] < b[0])
sort('edge-size1', 'Sorting along a size-1 dimension changes nothing.', ['i32'], [T([3, 1, 2], (3, 1))], 1, True, cmpbody(['i32'], 'LT'),
     lambda a, b: a[0] < b[0])
