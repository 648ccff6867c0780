"""Spec cases for dynamic_conv and dynamic_gather, which are functionally identical to convolution and
gather with the padding (dynamic_conv) or the slice_sizes (dynamic_gather) given by an operand tensor.
Expected values come from the Python reference versions of the static ops (conv_quant_ops.ref_convolution,
shape_lib.ref_gather, written from the spec's formulas); the spec examples are also asserted against the
results the spec prints. Float inputs keep every sum exact (small integers), so any order gives the same
result. Some cases compute the padding / slice sizes at run time (an add of two constants) to show that
they are values, not attributes."""
from shape_lib import *
from conv_quant_ops import ref_convolution, parse_dn   # gen_all.py imports conv_quant_ops first


# ---------------------------------------------------------------- dynamic_conv
def dconv(stem, comment, ety, lhs, rhs, dnums, padding, strides=None, ldil=None, rdil=None, rev=None, fgc=1, bgc=1,
          pty='i64', computed=False, printed=None):
    dn = parse_dn(dnums); n = len(dn['isp'])
    s_ = strides or [1] * n; l_ = ldil or [1] * n; r_ = rdil or [1] * n; v_ = rev or [False] * n
    zero = 0.0 if is_float(ety) else 0
    r = ref_convolution(lhs, rhs, dnums, s_, padding, l_, r_, v_, fgc, bgc, zero)
    if is_float(ety):
        for x in r.data: assert rnd(mpf(x), ety) == x and abs(x) < 2 ** 11, x   # small integers: exact in any order
    if printed is not None: assert r.data == list(printed), (r.data, printed)
    pad = T([x for row in padding for x in row], (n, 2))
    lines = [tconst('lhs', lhs, ety), tconst('rhs', rhs, ety)]
    if computed:
        # padding = base + delta, computed when the program runs.
        base = T([x - 1 for x in pad.data], pad.shape)
        lines += [tconst('padding_base', base, pty), tconst('padding_delta', T([1] * len(pad.data), pad.shape), pty),
                  '%%padding = stablehlo.add %%padding_base, %%padding_delta : %s' % tty(pad, pty)]
    else:
        lines.append(tconst('padding', pad, pty))
    at = [('window_strides', arr(s_)), ('lhs_dilation', arr(l_)), ('rhs_dilation', arr(r_)),
          ('window_reversal', 'array<i1: %s>' % ', '.join('true' if x else 'false' for x in v_)),
          ('dimension_numbers', '#stablehlo.conv<%s>' % dnums), ('feature_group_count', '%d : i64' % fgc),
          ('batch_group_count', '%d : i64' % bgc),
          ('precision_config', '[#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]')]
    lines += ['%%result = "stablehlo.dynamic_conv"(%%lhs, %%rhs, %%padding) %s : (%s, %s, %s) -> %s' % (
                  attrs(at), tty(lhs, ety), tty(rhs, ety), tty(pad, pty), tty(r, ety)),
              tcheck('result', r, ety)]
    write('dynamic_conv', stem, comment, lines)

dconv('example-1', ["From the spec's `dynamic_conv` example (si64, NHWC input 1x4x4x1, 3x3 all-ones kernel, padding",
      '[[1, 1], [1, 1]], window_strides [4, 4], lhs_dilation [2, 2]). The spec writes the dimension numbers in raw form with',
      'input_spatial_dimensions = [0, 1], which repeats the batch dimension 0 and breaks (C13); the case uses [1, 2]',
      '([b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]), which gives the printed result.'], 'i64',
      T([1, 2, 5, 6, 3, 4, 7, 8, 10, 11, 14, 15, 12, 13, 16, 17], (1, 4, 4, 1)), T([1] * 9, (3, 3, 1, 1)),
      '[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]', [[1, 1], [1, 1]], strides=[4, 4], ldil=[2, 2], printed=[1, 5, 10, 14])
dconv('edge-asymmetric-padding', 'Padding [[2, 0]] given as an si32 tensor pads two zeros at the low end only (si32 1-D).', 'i32',
      T([1, 2, 3], (1, 3, 1)), T([1, 10, 100], (3, 1, 1)), '[b, 0, f]x[0, i, o]->[b, 0, f]', [[2, 0]], pty='i32')
dconv('edge-negative-padding', 'Negative padding [[-1, -2]] drops one element at the low end and two at the high end (si64 1-D).', 'i64',
      T([1, 2, 3, 4, 5, 6], (1, 6, 1)), T([1, 1], (2, 1, 1)), '[b, 0, f]x[0, i, o]->[b, 0, f]', [[-1, -2]])
dconv('edge-computed-padding', ['The padding is computed when the program runs ([[0, 0], [0, 1]] + 1 = [[1, 1], [1, 2]]), f32 2-D',
      'with window_strides [2, 1].'], 'f32', T([float(x) for x in range(1, 10)], (1, 1, 3, 3)), T([1.0, -1.0, 2.0, 0.5], (1, 1, 2, 2)),
      '[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]', [[1, 1], [1, 2]], strides=[2, 1], computed=True)
dconv('edge-dilations-reversal', ['lhs_dilation 2, rhs_dilation 2, window_reversal and padding [[1, 2]] together (si32 1-D, window',
      'strides 2).'], 'i32', T([1, 2, 3, 4], (1, 4, 1)), T([1, 10, 100], (3, 1, 1)), '[b, 0, f]x[0, i, o]->[b, 0, f]', [[1, 2]],
      strides=[2], ldil=[2], rdil=[2], rev=[True])
dconv('edge-feature-group', 'feature_group_count = 2 with padding [[1, 0]] (si32 1-D, 4 input features, 2 output features).', 'i32',
      T(list(range(1, 13)), (1, 3, 4)), T([1, 2, 3, 4, -1, -2, -3, -4], (2, 2, 2)), '[b, 0, f]x[0, i, o]->[b, 0, f]', [[1, 0]], fgc=2)
dconv('edge-batch-group', 'batch_group_count = 2 with padding [[0, 1]] (f64 1-D).', 'f64',
      T([1.0, 2.0, 3.0, 4.0, 10.0, 20.0, 30.0, 40.0], (2, 4, 1)), T([1.0, 1.0, 1.0, -1.0, 2.0, 0.0, 0.0, 2.0], (2, 1, 4)),
      '[b, 0, f]x[0, i, o]->[b, 0, f]', [[0, 1]], bgc=2)
dconv('edge-empty-window', ['Padding [[-1, -1]] leaves one element of three, less than the window of 2: zero windows, an empty',
      'result.'], 'f32', T([1.0, 2.0, 3.0], (1, 3, 1)), T([1.0, 1.0], (2, 1, 1)), '[b, 0, f]x[0, i, o]->[b, 0, f]', [[-1, -1]])
dconv('edge-ui8-padding', 'Padding given as a ui8 tensor ([[1, 1]]), f16 values.', 'f16', T([0.5, -1.0, 2.0], (1, 3, 1)),
      T([2.0, 1.0], (2, 1, 1)), '[b, 0, f]x[0, i, o]->[b, 0, f]', [[1, 1]], pty='ui8')


# ---------------------------------------------------------------- dynamic_gather
def dgather(stem, comment, ety, op, si, offset_dims, collapsed, sim, ivd, ss, ity='i64', sty='i64', computed=False,
            sorted_=False, printed=None):
    r = ref_gather(op, si, offset_dims, collapsed, [], [], sim, ivd, ss)
    if printed is not None: assert r.data == list(printed), (r.data, printed)
    st = T(list(ss), (len(ss),))
    lines = [tconst('operand', op, ety), tconst('start_indices', si, ity)]
    if computed:
        lines += [tconst('slice_sizes_base', T([x - 1 for x in ss], st.shape), sty), tconst('one', T([1] * len(ss), st.shape), sty),
                  '%%slice_sizes = stablehlo.add %%slice_sizes_base, %%one : %s' % tty(st, sty)]
    else:
        lines.append(tconst('slice_sizes', st, sty))
    dnums = ['offset_dims = %s' % lst(offset_dims), 'collapsed_slice_dims = %s' % lst(collapsed),
             'start_index_map = %s' % lst(sim), 'index_vector_dim = %d>' % ivd]
    lines += ['%%result = "stablehlo.dynamic_gather"(%%operand, %%start_indices, %%slice_sizes) {\n  dimension_numbers = #stablehlo.gather<\n    %s,\n  indices_are_sorted = %s\n} : (%s, %s, %s) -> %s' % (
                  ',\n    '.join(dnums), 'true' if sorted_ else 'false', tty(op, ety), tty(si, ity), tty(st, sty), tty(r, ety)),
              tcheck('result', r, ety)]
    write('dynamic_gather', stem, comment, lines)

dgather('example-1', ["From the spec's `dynamic_gather` example (si64 3x4x2 operand, 2x3x2 start indices, slice_sizes",
        '[1, 2, 2]).'], 'i64', arange((3, 4, 2)), T([0, 0, 1, 0, 2, 1, 0, 1, 1, 1, 0, 2], (2, 3, 2)), [2, 3], [0], [1, 0], 2, [1, 2, 2],
        printed=[1, 2, 3, 4, 3, 4, 5, 6, 13, 14, 15, 16, 9, 10, 11, 12, 11, 12, 13, 14, 17, 18, 19, 20])
dgather('edge-i32-slice-sizes', 'slice_sizes given as an si32 tensor; an embedding lookup of rows 2, 0, 2 of a 3x4 f32 table.', 'f32',
        T([float(i) for i in range(12)], (3, 4)), T([2, 0, 2]), [1], [0], [0], 1, [1, 4], sty='i32')
dgather('edge-computed-slice-sizes', ['slice_sizes computed when the program runs ([0, 1] + 1 = [1, 2]) on a 3x3 si32 operand;',
        'start index [2, 2] clamps to [2, 1].'], 'i32', arange((3, 3)), T([0, 0, 2, 2, 1, 1], (3, 2)), [1], [0], [0, 1], 1, [1, 2], computed=True)
dgather('edge-clamp', ['Start indices clamp to [0, dim - slice_size]: -3 -> 0 and 9 -> 2 for slices of 3 out of 5 (ui8 values,',
        'ui32 slice_sizes).'], 'ui8', T([10, 20, 30, 40, 250]), T([-3, 9, 1], (3, 1)), [1], [], [0], 1, [3], sty='ui32')
dgather('edge-zero-size-slice', 'A slice size of 0 in an offset dimension gives an empty result (2x0 slices of a 2x3 operand).', 'f32',
        T([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], (2, 3)), T([0, 1], (2, 1)), [1, 2], [], [0], 1, [2, 0])
dgather('edge-f16-special', 'Gathered f16 values are copied bit-exactly (-0.0, NaN, inf, subnormal); i16 start indices.', 'f16',
        T([NZ, NAN, INF, F16SUB]), T([3, 0, 2, 1], (4, 1)), [], [0], [0], 1, [1], ity='i16')
dgather('edge-complex-sorted', 'complex<f32> operand with indices_are_sorted = true and sorted indices.', 'complex<f32>',
        T([(1.0, 2.0), (3.0, 4.0), (5.0, NZ), (-1.0, 0.5)]), T([0, 2], (2, 1)), [1], [], [0], 1, [2], sorted_=True)
