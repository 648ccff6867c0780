"""Spec cases for the collective ops and the process ids: all_gather, all_reduce, all_to_all,
collective_broadcast, collective_permute, reduce_scatter, replica_id, partition_id.

Each case runs on the process grid its module declares (mhlo.num_replicas / mhlo.num_partitions); every
process builds its inputs from a table row picked by its flattened id and checks its own results
(process_lib.py). Expected values come from Python versions of the spec's formulas: the process-group
strategies (cross_replica, cross_partition, cross_replica_and_partition, flattened_ids) and each op's
semantics. Reductions only use values for which every schedule the spec allows gives the same result:
integers (two's-complement wrap-around), maximum/minimum, groups of two (one schedule), and float sums
whose partial sums are all exact."""
from process_lib import *

INT_BITS = {'i8': 8, 'i16': 16, 'i32': 32, 'i64': 64, 'ui8': 8, 'ui16': 16, 'ui32': 32, 'ui64': 64}

def wrap(v, ety):
    b = INT_BITS[ety]
    v &= (1 << b) - 1
    if not ety.startswith('u') and v >= 1 << (b - 1): v -= 1 << b
    return v


# ---------------------------------------------------------------- reduction bodies (Python versions)
def fnum(x, ety): return num(x, ety)

def fmax(a, b, ety):
    x, y = fnum(a, ety), fnum(b, ety)
    if math.isnan(x) or math.isnan(y): return NAN
    if x == y == 0: return x if math.copysign(1, x) > 0 else y
    return max(x, y)

def fmin(a, b, ety):
    x, y = fnum(a, ety), fnum(b, ety)
    if math.isnan(x) or math.isnan(y): return NAN
    if x == y == 0: return x if math.copysign(1, x) < 0 else y
    return min(x, y)

def fadd(a, b, ety): return exact_sum([a, b], ety)[0]

def fsub(a, b, ety):
    x, y = fnum(a, ety), fnum(b, ety)
    if math.isnan(x) or math.isnan(y): return NAN
    return exact_sum([x, -y], ety)[0]

def combiner(body, ety):
    """The Python version of a binary body `body` (a stablehlo op name, or 'first') on ety."""
    if body == 'first': return lambda a, b: a
    if is_complex(ety):
        pt = part(ety)
        assert body == 'add'
        return lambda a, b: (fadd(a[0], b[0], pt), fadd(a[1], b[1], pt))
    if is_float(ety):
        return {'add': lambda a, b: fadd(a, b, ety), 'subtract': lambda a, b: fsub(a, b, ety),
                'maximum': lambda a, b: fmax(a, b, ety), 'minimum': lambda a, b: fmin(a, b, ety)}[body]
    if ety == 'i1':
        return {'and': lambda a, b: a and b, 'or': lambda a, b: a or b}[body]
    return {'add': lambda a, b: wrap(a + b, ety), 'subtract': lambda a, b: wrap(a - b, ety),
            'multiply': lambda a, b: wrap(a * b, ety), 'maximum': max, 'minimum': min,
            'and': lambda a, b: a & b, 'or': lambda a, b: a | b, 'xor': lambda a, b: a ^ b}[body]

def body_region(body, ety):
    if body == 'first':
        t = 'tensor<%s>' % ety
        return region([ety, ety], ['"stablehlo.return"(%%arg0) : (%s) -> ()' % t])
    return binbody(body, ety)

def check_schedule_free(body, ety, leaves):
    """Asserts that every binary-tree schedule gives one result: a float add with more than two leaves needs
    every partial sum to be exact."""
    if len(leaves[0].data) == 0 or len(leaves) <= 2: return
    if body == 'add' and (is_float(ety) or is_complex(ety)):
        for k in range(len(leaves[0].data)):
            terms = [l.data[k] for l in leaves]
            if is_complex(ety):
                pt = part(ety)
                assert order_independent([t[0] for t in terms], pt) and order_independent([t[1] for t in terms], pt), terms
            else:
                assert order_independent(terms, ety), terms
    if body == 'subtract' and not is_float(ety):
        raise AssertionError('subtract with more than two leaves depends on the schedule')

def reduce_group(body, ety, leaves):
    check_schedule_free(body, ety, leaves)
    c = combiner(body, ety)
    acc = leaves[0]
    for l in leaves[1:]: acc = mapn(c, [acc, l])
    return acc


# ---------------------------------------------------------------- strategies of each op
def groups_for(R, P, groups, channel_id, global_ids):
    """all_gather, all_reduce, reduce_scatter."""
    if global_ids:
        assert channel_id > 0   # (C5) / (C4) / (C6)
        return flattened_ids(groups, R, P)
    if channel_id > 0: return cross_replica_and_partition(groups, R, P)
    return cross_replica(groups, R, P)

def groups_by_channel(R, P, groups, channel_id):
    """all_to_all, collective_broadcast, collective_permute."""
    return cross_partition(groups, R, P) if channel_id > 0 else cross_replica(groups, R, P)

def group_attrs(groups, channel_id, global_ids, handle_always=False, name='replica_groups', width=None):
    at = [(name, groups_attr(groups, width))]
    if channel_id > 0 or handle_always: at.append(('channel_handle', channel(channel_id, 1 if channel_id > 0 else 0)))
    if global_ids: at.append(('use_global_device_ids', None))
    return at

def names(base, n): return [base] if n == 1 else ['%s%d' % (base, i) for i in range(n)]

def results_text(outs): return ', '.join('%' + o for o in outs)

def types_text(ts_etys):
    s = ', '.join(ttype(t.shape, e) for t, e in ts_etys)
    return s if len(ts_etys) == 1 else '(' + s + ')'

def op_text(outs, opname, ins, region_text, at, in_types, out_types):
    reg = ' ({\n%s\n})' % region_text if region_text else ''
    return '%s = "stablehlo.%s"(%s)%s %s : (%s) -> %s' % (results_text(outs), opname, ', '.join('%' + i for i in ins), reg,
                                                        attrs(at), ', '.join(in_types), out_types)

def same(ts, printed):
    for t, p in zip(ts, printed):
        assert t.data == list(p), (t.data, p)


# ---------------------------------------------------------------- all_gather
def all_gather(stem, comment, R, P, etys, operands, dim, groups, channel_id=0, global_ids=False, handle_always=False,
               printed=None, notes=None):
    """operands: per operand, a list of tensors (one per process)."""
    pg = groups_for(R, P, groups, channel_id, global_ids)
    n = len(operands)
    results = [[None] * (R * P) for _ in range(n)]
    for i in range(n):
        for pid in processes(R, P):
            g = group_of(pg, pid)
            results[i][pid] = concat_t([operands[i][q] for q in g], dim)
    if printed: same([results[i][pid] for i, pid in printed[0]], printed[1])
    ins = names('operand', n); outs = names('result', n)
    at = [('all_gather_dim', '%d : i64' % dim)] + group_attrs(groups, channel_id, global_ids, handle_always)
    line = op_text(outs, 'all_gather', ins, None, at, [tty(operands[i][0], etys[i]) for i in range(n)],
                   types_text([(results[i][0], etys[i]) for i in range(n)]))
    write_grid('all_gather', stem, comment, R, P, list(zip(ins, etys, operands)), [line], list(zip(outs, etys, results)), notes=notes)

def rows(R, P, fn):
    return [fn(pid) for pid in processes(R, P)]

all_gather('example-1', ["From the spec's `all_gather` example (2 replicas, two si64 operands, all_gather_dim = 1,",
           'replica_groups [[0, 1]], channel_id 0: cross_replica).'], 2, 1, ['i64', 'i64'],
           [[T([1, 2, 3, 4], (2, 2)), T([5, 6, 7, 8], (2, 2))], [T([11, 12, 13, 14], (2, 2)), T([15, 16, 17, 18], (2, 2))]],
           1, [[0, 1]], handle_always=True,
           printed=([(0, 0), (0, 1), (1, 0), (1, 1)], [[1, 2, 5, 6, 3, 4, 7, 8]] * 2 + [[11, 12, 15, 16, 13, 14, 17, 18]] * 2))
all_gather('edge-dim0-f32', 'all_gather along dimension 0 copies f32 values bit-exactly (-0.0, inf, NaN, the smallest subnormal).',
           2, 1, ['f32'], [[T([1.5, NZ, NAN]), T([INF, F32SUB, -1.0])]], 0, [[0, 1]])
all_gather('edge-group-order', 'The concatenation follows the order of the group ([[1, 0]]: replica 1 first), si32.', 2, 1, ['i32'],
           [[T([10, 11]), T([20, 21])]], 0, [[1, 0]])
all_gather('edge-cross-replica-2x2', ['cross_replica on a 2x2 grid (no channel_id): replica_groups [[1, 0]] gives one group per',
           'partition, [(1, p), (0, p)].'], 2, 2, ['i32'], [rows(2, 2, lambda pid: T([100 * pid + 1, 100 * pid + 2], (1, 2)))], 0, [[1, 0]])
all_gather('edge-cross-replica-and-partition', ['cross_replica_and_partition on a 2x2 grid (channel_id 1): replica_groups [[0, 1]]',
           'gives one group [(0, 0), (1, 0), (0, 1), (1, 1)] (partition-major).'], 2, 2, ['i64'],
           [rows(2, 2, lambda pid: T([pid * 10]))], 0, [[0, 1]], channel_id=1)
all_gather('edge-partitions-only', ['A 1x2 grid with channel_id 1 and replica_groups [[0]]: cross_replica_and_partition gathers',
           'across the two partitions of replica 0.'], 1, 2, ['ui16'], [rows(1, 2, lambda pid: T([7 + pid, 65535 - pid], (2, 1)))], 1, [[0]],
           channel_id=1)
all_gather('edge-flattened-ids', ['flattened_ids on a 2x2 grid (channel_id 2, use_global_device_ids): groups [[3, 0], [1, 2]] of',
           'flattened ids replica_id * 2 + partition_id.'], 2, 2, ['i32'], [rows(2, 2, lambda pid: T([pid, -pid], (2, 1)))], 0,
           [[3, 0], [1, 2]], channel_id=2, global_ids=True)
all_gather('edge-groups-of-one', 'Groups of one process (4 replicas, [[0], [1], [2], [3]]): each result is its own operand.', 4, 1, ['i8'],
           [rows(4, 1, lambda pid: T([pid, -128 + pid], (1, 2)))], 1, [[0], [1], [2], [3]])
all_gather('edge-two-groups', '4 replicas in two groups [[0, 2], [3, 1]] (ui8, rank 2, all_gather_dim = 1).', 4, 1, ['ui8'],
           [rows(4, 1, lambda pid: T([pid, 255 - pid, 2 * pid, 200 + pid], (2, 2)))], 1, [[0, 2], [3, 1]])
all_gather('edge-bf16', 'bf16 operands (values copied bit-exactly, including -0.0 and -inf).', 2, 1, ['bf16'],
           [[T([1.0, NZ]), T([-INF, 0.5])]], 0, [[0, 1]])
all_gather('edge-complex', 'complex<f64> operands.', 2, 1, ['complex<f64>'], [[T([(1.0, -1.0)], (1, 1)), T([(0.25, NZ)], (1, 1))]], 0, [[0, 1]])
all_gather('edge-bool', 'i1 operands.', 3, 1, ['i1'], [[T([True, False]), T([False, False]), T([True, True])]], 0, [[0, 1, 2]])
all_gather('edge-empty', 'A zero-sized operand (2x0) gathered along dimension 0 gives a 4x0 result.', 2, 1, ['f32'],
           [[T([], (2, 0)), T([], (2, 0))]], 0, [[0, 1]])

all_gather('edge-mixed-operands', 'Two operands of different element types and shapes (f16 2x1 and i1 1x2) gathered along dimension 1.',
           2, 1, ['f16', 'i1'], [[T([0.5, NZ], (2, 1)), T([INF, 2.0], (2, 1))], [T([True, False], (1, 2)), T([False, False], (1, 2))]],
           1, [[0, 1]])

# ---------------------------------------------------------------- all_reduce
def all_reduce(stem, comment, R, P, ety, operands, body, groups, channel_id=0, global_ids=False, handle_always=False,
               printed=None, notes=None):
    pg = groups_for(R, P, groups, channel_id, global_ids)
    n = len(operands)
    results = [[reduce_group(body, ety, [operands[i][q] for q in group_of(pg, pid)]) for pid in processes(R, P)] for i in range(n)]
    if printed: same([results[i][pid] for i, pid in printed[0]], printed[1])
    ins = names('operand', n); outs = names('result', n)
    at = group_attrs(groups, channel_id, global_ids, handle_always)
    line = op_text(outs, 'all_reduce', ins, body_region(body, ety), at, [tty(operands[i][0], ety) for i in range(n)],
                   types_text([(results[i][0], ety) for i in range(n)]))
    write_grid('all_reduce', stem, comment, R, P, [(x, ety, o) for x, o in zip(ins, operands)], [line],
               [(x, ety, r) for x, r in zip(outs, results)], notes=notes)

all_reduce('example-1', ["From the spec's `all_reduce` example (2 replicas, two si64 operands, add, replica_groups [[0, 1]]).",
           'The spec passes %operand0 twice but prints the sums of %operand1 for the second result; the case passes',
           '(%operand0, %operand1), which gives the printed results.'], 2, 1, 'i64',
           [[T([1, 2, 3, 4]), T([5, 6, 7, 8])], [T([9, 10, 11, 12]), T([13, 14, 15, 16])]], 'add', [[0, 1]], handle_always=True,
           printed=([(0, 0), (0, 1), (1, 0), (1, 1)], [[6, 8, 10, 12]] * 2 + [[22, 24, 26, 28]] * 2))
all_reduce('edge-maximum-f32', ['maximum over 3 replicas (f32): a NaN anywhere gives NaN, maximum(-0.0, +0.0) = +0.0, -inf loses',
           'to everything.'], 3, 1, 'f32', [[T([1.0, NAN, NZ, -INF]), T([-2.0, 1.0, 0.0, -INF]), T([0.5, 3.0, NZ, -1.0])]], 'maximum', [[0, 1, 2]])
all_reduce('edge-minimum-i8', 'minimum over 3 replicas (si8, including -128 and 127).', 3, 1, 'i8',
           [[T([5, -128, 127]), T([-3, 0, 127]), T([7, 1, 126])]], 'minimum', [[0, 1, 2]])
all_reduce('edge-multiply-ui8-wrap', 'multiply on ui8 wraps modulo 256: 16 * 17 = 272 -> 16; 255 * 255 = 65025 -> 1.', 2, 1, 'ui8',
           [[T([16, 255, 3]), T([17, 255, 0])]], 'multiply', [[0, 1]])
all_reduce('edge-add-i32-wrap', "add on si32 wraps (two's complement): 2147483647 + 1 -> -2147483648.", 2, 1, 'i32',
           [[T([2147483647, -2147483648]), T([1, -1])]], 'add', [[0, 1]])
all_reduce('edge-and-bool', 'and over 3 replicas (i1): true only where every process has true.', 3, 1, 'i1',
           [[T([True, True, False, True]), T([True, False, False, True]), T([True, True, True, True])]], 'and', [[0, 1, 2]])
all_reduce('edge-or-ui32', 'Bitwise or over 4 replicas (ui32).', 4, 1, 'ui32',
           [[T([1, 0]), T([2, 0]), T([4, 0x80000000]), T([8, 0])]], 'or', [[0, 1, 2, 3]])
all_reduce('edge-f32-exact-sum', ['add over 4 replicas (f32) with values whose partial sums are all exact, so every schedule gives',
           'the same result; 2^23 and -2^23 cancel exactly.'], 4, 1, 'f32',
           [[T([1.5, 2.0 ** 23, 0.25]), T([-0.5, 1.0, 2.0 ** -20]), T([2.0, -2.0 ** 23, 1.0]), T([0.125, 2.0, -1.0])]], 'add', [[0, 1, 2, 3]])
all_reduce('edge-f32-rounded-pair', ['add of two f32 values whose sum needs rounding (a group of two has one schedule, so the',
           'result is the correctly rounded sum): 1 + 2^-24 is a tie -> 1.0 (even), 1 + 3 * 2^-24 -> 1 + 2^-22.'], 2, 1, 'f32',
           [[T([1.0, 1.0]), T([2.0 ** -24, 3 * 2.0 ** -24])]], 'add', [[0, 1]])
all_reduce('edge-f16-overflow', 'add on f16: 65504 + 65504 overflows to inf; -0.0 + -0.0 = -0.0; inf + -inf = NaN.', 2, 1, 'f16',
           [[T([F16MAX, NZ, INF]), T([F16MAX, NZ, -INF])]], 'add', [[0, 1]])
all_reduce('edge-bf16', 'add on bf16 over two replicas (1 + 2^-8 rounds to even: 1.0; 3 + 0.5 = 3.5 is exact).', 2, 1, 'bf16',
           [[T([1.0, 3.0]), T([2.0 ** -8, 0.5])]], 'add', [[0, 1]])
all_reduce('edge-complex', 'add on complex<f32> over 3 replicas (exact parts).', 3, 1, 'complex<f32>',
           [[T([(1.0, 2.0), (0.5, NZ)]), T([(-1.0, 0.25), (0.25, NZ)]), T([(4.0, -8.0), (0.0, NZ)])]], 'add', [[0, 1, 2]])
all_reduce('edge-subtract-pair', ['A non-commutative body (subtract) on a group of two: the only schedule is',
           'computation(x@g0, x@g1), in group order; with replica_groups [[1, 0]] that is x@1 - x@0 (si64).'], 2, 1, 'i64',
           [[T([10, 0]), T([3, 5])]], 'subtract', [[1, 0]])
all_reduce('edge-first-of-group', ['A body that returns its first argument: every binary tree whose in-order traversal is the group',
           '(order [2, 0, 1]) returns its leftmost leaf, x@2 (si32, 3 replicas).'], 3, 1, 'i32',
           [[T([1, 2]), T([3, 4]), T([5, 6])]], 'first', [[2, 0, 1]])
all_reduce('edge-cross-replica-2x2', 'cross_replica on a 2x2 grid (no channel_id): sums over the replicas of each partition (si64).',
           2, 2, 'i64', [rows(2, 2, lambda pid: T([10 ** pid, -pid]))], 'add', [[0, 1]])
all_reduce('edge-cross-replica-and-partition', ['cross_replica_and_partition on a 2x2 grid (channel_id 1): replica_groups [[0], [1]]',
           'gives groups [(0, 0), (0, 1)] and [(1, 0), (1, 1)], sums over the partitions of each replica (si64).'], 2, 2, 'i64',
           [rows(2, 2, lambda pid: T([10 ** pid, 1]))], 'add', [[0], [1]], channel_id=1)
all_reduce('edge-flattened-ids', ['flattened_ids on a 2x2 grid (channel_id 1, use_global_device_ids): groups [[0, 3], [1, 2]]',
           '(si32 add).'], 2, 2, 'i32', [rows(2, 2, lambda pid: T([10 ** pid]))], 'add', [[0, 3], [1, 2]], channel_id=1, global_ids=True)
all_reduce('edge-groups-of-one', 'Groups of one process: the result is the operand ([[0], [1]], f64).', 2, 1, 'f64',
           [[T([NZ, 1.25]), T([NAN, -INF])]], 'add', [[0], [1]])
all_reduce('edge-scalar', 'A rank-0 operand (ui64 add over 3 replicas).', 3, 1, 'ui64',
           [[T([2 ** 63], ()), T([2 ** 63 - 1], ()), T([5], ())]], 'add', [[0, 1, 2]])
all_reduce('edge-empty', 'A zero-sized operand (0x3) gives a zero-sized result.', 2, 1, 'f32', [[T([], (0, 3)), T([], (0, 3))]], 'add', [[0, 1]])


# all_reduce three times in a while loop: the n-th all_reduce of each process meets the n-th of the others.
def loop_all_reduce(xs, n):
    for _ in range(n):
        xs = [reduce_group('add', 'i64', xs)] * len(xs)
    return xs[0]

write_grid('all_reduce', 'edge-in-while', ['all_reduce (si64 add over 2 replicas) in the body of a while loop that runs 3 times: each',
           'iteration doubles the sum, [1, 2] + [3, 4] -> [4, 6] -> [8, 12] -> [16, 24] in both processes.'], 2, 1,
           [('operand', 'i64', [T([1, 2]), T([3, 4])])],
           ['%zero_count = stablehlo.constant dense<0> : tensor<i32>',
            '%result, %count = stablehlo.while(%x = %operand, %i = %zero_count) : tensor<2xi64>, tensor<i32>\ncond {\n'
            '  %three = stablehlo.constant dense<3> : tensor<i32>\n'
            '  %more = stablehlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>\n'
            '  stablehlo.return %more : tensor<i1>\n} do {\n'
            + '\n'.join('  ' + l for l in op_text(['sum'], 'all_reduce', ['x'], body_region('add', 'i64'), [('replica_groups', groups_attr([[0, 1]]))],
                                                   ['tensor<2xi64>'], 'tensor<2xi64>').split('\n')) + '\n'
            '  %one = stablehlo.constant dense<1> : tensor<i32>\n'
            '  %next = stablehlo.add %i, %one : tensor<i32>\n'
            '  stablehlo.return %sum, %next : tensor<2xi64>, tensor<i32>\n}'],
           [('result', 'i64', [loop_all_reduce([T([1, 2]), T([3, 4])], 3)] * 2)])

# ---------------------------------------------------------------- all_to_all
def all_to_all(stem, comment, R, P, etys, operands, split_dim, concat_dim, count, groups, channel_id=0, printed=None):
    pg = groups_by_channel(R, P, groups, channel_id)
    n = len(operands)
    results = [[None] * (R * P) for _ in range(n)]
    for i in range(n):
        for pid in processes(R, P):
            g = group_of(pg, pid)
            assert len(g) == count   # (C8)
            me = g.index(pid)
            results[i][pid] = concat_t([split_t(operands[i][q], count, split_dim)[me] for q in g], concat_dim)
    if printed: same([results[i][pid] for i, pid in printed[0]], printed[1])
    ins = names('operand', n); outs = names('result', n)
    at = [('split_dimension', '%d : i64' % split_dim), ('concat_dimension', '%d : i64' % concat_dim),
          ('split_count', '%d : i64' % count), ('replica_groups', groups_attr(groups))]
    if channel_id > 0: at.append(('channel_handle', channel(channel_id)))
    line = op_text(outs, 'all_to_all', ins, None, at, [tty(operands[i][0], etys[i]) for i in range(n)],
                   types_text([(results[i][0], etys[i]) for i in range(n)]))
    write_grid('all_to_all', stem, comment, R, P, list(zip(ins, etys, operands)), [line], list(zip(outs, etys, results)))

all_to_all('example-1', ["From the spec's `all_to_all` example (2 replicas, two si64 operands, split_dimension 1,",
           'concat_dimension 0, split_count 2).'], 2, 1, ['i64', 'i64'],
           [[arange((2, 4), 1), arange((2, 4), 9)], [arange((2, 4), 17), arange((2, 4), 25)]], 1, 0, 2, [[0, 1]],
           printed=([(0, 0), (0, 1), (1, 0), (1, 1)], [[1, 2, 5, 6, 9, 10, 13, 14], [3, 4, 7, 8, 11, 12, 15, 16],
                                                       [17, 18, 21, 22, 25, 26, 29, 30], [19, 20, 23, 24, 27, 28, 31, 32]]))
all_to_all('edge-same-dimension', ['split_dimension = concat_dimension = 0: the result has the operand\'s shape; process k gets',
           'part k of every process, in group order (si32).'], 2, 1, ['i32'], [[T([1, 2, 3, 4]), T([5, 6, 7, 8])]], 0, 0, 2, [[0, 1]])
all_to_all('edge-three-processes', '3 replicas, split_dimension 0 (3x2 -> 1x2 parts), concat_dimension 1 (-> 1x6), si64.', 3, 1, ['i64'],
           [rows(3, 1, lambda pid: arange((3, 2), 10 * pid))], 0, 1, 3, [[0, 1, 2]])
all_to_all('edge-group-order', 'replica_groups [[1, 0]]: replica 1 is receiver index 0, and its part comes first (ui8).', 2, 1, ['ui8'],
           [[T([1, 2, 3, 4], (2, 2)), T([5, 6, 7, 8], (2, 2))]], 1, 1, 2, [[1, 0]])
all_to_all('edge-cross-partition', ['cross_partition on a 2x2 grid (channel_id 1): partition_groups [[1, 0]] exchange between the two',
           'partitions of each replica (f32).'], 2, 2, ['f32'], [rows(2, 2, lambda pid: T([float(pid), pid + 0.5, -float(pid), NZ]))], 0, 0, 2,
           [[1, 0]], channel_id=1)
all_to_all('edge-two-groups', '4 replicas in groups [[3, 0], [2, 1]] (si32, split_dimension 1, concat_dimension 0).', 4, 1, ['i32'],
           [rows(4, 1, lambda pid: arange((1, 4), 100 * pid))], 1, 0, 2, [[3, 0], [2, 1]])
all_to_all('edge-groups-of-one', 'split_count 1 with groups of one process: each result is its own operand.', 2, 1, ['i16'],
           [[T([1, -2], (1, 2)), T([3, -4], (1, 2))]], 1, 0, 1, [[0], [1]])
all_to_all('edge-f16-special', 'f16 values are moved bit-exactly (-0.0, inf, NaN, subnormal).', 2, 1, ['f16'],
           [[T([NZ, INF]), T([NAN, F16SUB])]], 0, 0, 2, [[0, 1]])
all_to_all('edge-complex', 'complex<f64> operands, split along dimension 0 and concatenated along dimension 1.', 2, 1, ['complex<f64>'],
           [[T([(1.0, 2.0), (3.0, 4.0)], (2, 1)), T([(5.0, 6.0), (7.0, NZ)], (2, 1))]], 0, 1, 2, [[0, 1]])

all_to_all('edge-mixed-operands', 'Two operands of different element types (ui32 and f32) exchanged in one all_to_all.', 2, 1, ['ui32', 'f32'],
           [[T([1, 2, 3, 4], (2, 2)), T([5, 6, 7, 8], (2, 2))], [T([0.5, 1.5], (2, 1)), T([-0.5, NZ], (2, 1))]], 0, 1, 2, [[0, 1]])

# ---------------------------------------------------------------- collective_broadcast
def collective_broadcast(stem, comment, R, P, ety, operands, groups, zero, channel_id=0, handle_always=False, printed=None,
                         width=None, quant=None):
    pg = groups_by_channel(R, P, groups, channel_id)
    results = []
    for pid in processes(R, P):
        g = group_of(pg, pid)
        results.append(operands[g[0]] if g else zeros_like(operands[pid], zero))
    if printed: same(results, printed)
    at = group_attrs(groups, channel_id, False, handle_always, width=width)
    if quant:
        # Per-tensor quantized: the operand is the storage table bitcast to the quantized type, and the result is
        # read back through bitcast_convert (zero = the zero point).
        qt = ttype(operands[0].shape, quant)
        lines = ['%%operand = "stablehlo.bitcast_convert"(%%storage) : (%s) -> %s' % (tty(operands[0], ety), qt),
                 op_text(['quantized_result'], 'collective_broadcast', ['operand'], None, at, [qt], qt),
                 '%%result = "stablehlo.bitcast_convert"(%%quantized_result) : (%s) -> %s' % (qt, tty(operands[0], ety))]
        write_grid('collective_broadcast', stem, comment, R, P, [('storage', ety, operands)], lines, [('result', ety, results)])
        return
    line = op_text(['result'], 'collective_broadcast', ['operand'], None, at, [tty(operands[0], ety)], tty(results[0], ety))
    write_grid('collective_broadcast', stem, comment, R, P, [('operand', ety, operands)], [line], [('result', ety, results)])

collective_broadcast('example-1', ["From the spec's `collective_broadcast` example (4 replicas, replica_groups [[2, 1]]: replica 2's",
                     'operand goes to replicas 2 and 1; replicas 0 and 3 are in no group and get zeros). The spec writes the',
                     'operand type as `tensor1x2xi64>`; the case uses tensor<1x2xi64>.'], 4, 1, 'i64',
                     [T([1, 2], (1, 2)), T([3, 4], (1, 2)), T([5, 6], (1, 2)), T([7, 8], (1, 2))], [[2, 1]], 0, handle_always=True,
                     printed=[[0, 0], [5, 6], [5, 6], [0, 0]])
collective_broadcast('edge-cross-partition', ['cross_partition on a 2x2 grid (channel_id 1): partition_groups [[1, 0]] send partition',
                     "1's operand to both partitions of each replica (si32)."], 2, 2, 'i32',
                     rows(2, 2, lambda pid: T([pid + 1, -(pid + 1)])), [[1, 0]], 0, channel_id=1)
collective_broadcast('edge-two-groups', '4 replicas in groups [[3, 0], [1, 2]]: sources 3 and 1 (ui32).', 4, 1, 'ui32',
                     rows(4, 1, lambda pid: T([pid, 4294967295 - pid])), [[3, 0], [1, 2]], 0)
collective_broadcast('edge-group-of-one', 'replica_groups [[1]]: replica 1 is its own source; replica 0 is in no group and gets zeros.',
                     2, 1, 'i8', [T([-1, -2]), T([3, -128])], [[1]], 0)
collective_broadcast('edge-f32-special', ['f32 values are copied bit-exactly from the source (-0.0, NaN, inf, subnormal); replica 0 is',
                     'in no group and gets +0.0.'], 3, 1, 'f32', [T([1.0, 1.0, 1.0, 1.0]), T([NZ, NAN, -INF, F32SUB]), T([9.0, 9.0, 9.0, 9.0])],
                     [[1, 2]], 0.0)
collective_broadcast('edge-complex', 'complex<f32>: replica 1 is in no group and gets (0.0, 0.0).', 2, 1, 'complex<f32>',
                     [T([(1.5, NZ), (-2.0, 0.25)]), T([(3.0, 3.0), (4.0, 4.0)])], [[0]], (0.0, 0.0))
collective_broadcast('edge-bool', 'i1: replica 2 is in no group and gets false.', 3, 1, 'i1',
                     [T([True, False]), T([False, True]), T([True, True])], [[1, 0]], False)
collective_broadcast('edge-bf16', 'bf16 values over 2 replicas, source replica 1.', 2, 1, 'bf16', [T([1.0, 2.0]), T([NZ, -INF])], [[1, 0]], 0.0)
collective_broadcast('edge-quantized-zero', ['A per-tensor quantized operand (!quant.uniform<i8:f32, 0.5:3>): a process in no group',
                     'gets quantize(0) = the zero point 3 (storage values read through bitcast_convert).'], 3, 1, 'i8',
                     [T([10, -7]), T([1, 2]), T([100, -100])], [[2, 1]], 3, quant='!quant.uniform<i8:f32, 0.5:3>')
collective_broadcast('edge-no-groups', ['No process groups at all (replica_groups is a 0x0 tensor): by the spec every process is in no',
                     'group and gets zeros. (XLA reads empty replica_groups as one group of all replicas; the spec has no such rule.)'],
                     2, 1, 'i32', [T([1, 2]), T([3, 4])], [], 0, width=0)


# ---------------------------------------------------------------- collective_permute
def collective_permute(stem, comment, R, P, ety, operands, pairs, zero, channel_id=0, handle_always=False, printed=None, quant=None):
    pg = groups_by_channel(R, P, pairs, channel_id)
    results = []
    for pid in processes(R, P):
        src = [g[0] for g in pg if g[1] == pid]
        assert len(src) <= 1   # (C3)
        results.append(operands[src[0]] if src else zeros_like(operands[pid], zero))
    if printed: same(results, printed)
    at = [('source_target_pairs', groups_attr(pairs, 2))]
    if channel_id > 0 or handle_always: at.append(('channel_handle', channel(channel_id, 1 if channel_id > 0 else 0)))
    if quant:
        qt = ttype(operands[0].shape, quant)
        lines = ['%%operand = "stablehlo.bitcast_convert"(%%storage) : (%s) -> %s' % (tty(operands[0], ety), qt),
                 op_text(['quantized_result'], 'collective_permute', ['operand'], None, at, [qt], qt),
                 '%%result = "stablehlo.bitcast_convert"(%%quantized_result) : (%s) -> %s' % (qt, tty(operands[0], ety))]
        write_grid('collective_permute', stem, comment, R, P, [('storage', ety, operands)], lines, [('result', ety, results)])
        return
    line = op_text(['result'], 'collective_permute', ['operand'], None, at, [tty(operands[0], ety)], tty(results[0], ety))
    write_grid('collective_permute', stem, comment, R, P, [('operand', ety, operands)], [line], [('result', ety, results)])

collective_permute('example-1', ["From the spec's `collective_permute` example (3 replicas, source_target_pairs [[0, 1], [1, 2]]:",
                   'replica 0 is no target and gets zeros).'], 3, 1, 'i64', [arange((2, 2), 1), arange((2, 2), 5), arange((2, 2), 9)],
                   [[0, 1], [1, 2]], 0, handle_always=True, printed=[[0, 0, 0, 0], [1, 2, 3, 4], [5, 6, 7, 8]])
collective_permute('edge-rotate', 'A rotation over 4 replicas: [[0, 1], [1, 2], [2, 3], [3, 0]] (si32).', 4, 1, 'i32',
                   rows(4, 1, lambda pid: T([pid, 10 * pid])), [[0, 1], [1, 2], [2, 3], [3, 0]], 0)
collective_permute('edge-swap', 'Two replicas swap their operands: [[0, 1], [1, 0]] (f64).', 2, 1, 'f64', [T([1.5, NZ]), T([NAN, -INF])],
                   [[0, 1], [1, 0]], 0.0)
collective_permute('edge-self-pair', 'A pair [1, 1] keeps replica 1\'s operand; replica 0 is no target and gets zeros (ui8).', 2, 1, 'ui8',
                   [T([1, 2, 3]), T([4, 255, 6])], [[1, 1]], 0)
collective_permute('edge-cross-partition', ['cross_partition on a 2x2 grid (channel_id 1): pairs [[0, 1]] send partition 0\'s operand',
                   'to partition 1 in each replica; partition 0 gets zeros (si64).'], 2, 2, 'i64',
                   rows(2, 2, lambda pid: T([pid + 1, 100 + pid])), [[0, 1]], 0, channel_id=1)
collective_permute('edge-no-pairs', 'No pairs (source_target_pairs is a 0x2 tensor): every process gets zeros (f32, +0.0).', 2, 1, 'f32',
                   [T([1.0, NZ]), T([2.0, 3.0])], [], 0.0)
collective_permute('edge-f16-special', 'f16 values are moved bit-exactly (-0.0, inf, NaN, subnormal); replica 2 gets +0.0.', 3, 1, 'f16',
                   [T([NZ, INF]), T([NAN, F16SUB]), T([1.0, 1.0])], [[0, 1], [1, 0]], 0.0)
collective_permute('edge-complex', 'complex<f32>: replica 0 is no target and gets (0.0, 0.0).', 2, 1, 'complex<f32>',
                   [T([(1.0, -2.0)]), T([(3.0, NZ)])], [[0, 1]], (0.0, 0.0))
collective_permute('edge-bool', 'i1: replica 1 is no target and gets false.', 2, 1, 'i1', [T([True, True]), T([True, False])], [[1, 0]], False)
collective_permute('edge-scalar', 'A rank-0 operand (bf16) over 3 replicas, pairs [[2, 0], [0, 1]].', 3, 1, 'bf16',
                   [T([1.0], ()), T([-2.0], ()), T([0.5], ())], [[2, 0], [0, 1]], 0.0)
collective_permute('edge-quantized-zero', ['A per-tensor quantized operand (!quant.uniform<i8:f32, 0.25:-2>): the process that is no',
                   'target gets quantize(0) = the zero point -2 (storage values read through bitcast_convert).'], 2, 1, 'i8',
                   [T([5, 6]), T([7, 8])], [[1, 0]], -2, quant='!quant.uniform<i8:f32, 0.25:-2>')


# ---------------------------------------------------------------- reduce_scatter
def reduce_scatter(stem, comment, R, P, ety, operands, dim, body, groups, channel_id=0, global_ids=False, handle_always=False,
                   printed=None):
    pg = groups_for(R, P, groups, channel_id, global_ids)
    results = []
    for pid in processes(R, P):
        g = group_of(pg, pid)
        reduced = reduce_group(body, ety, [operands[q] for q in g])
        assert operands[pid].shape[dim] % len(g) == 0   # (C1)
        results.append(split_t(reduced, len(g), dim)[g.index(pid)])
    if printed: same(results, printed)
    at = [('scatter_dimension', '%d : i64' % dim)] + group_attrs(groups, channel_id, global_ids, handle_always)
    line = op_text(['result'], 'reduce_scatter', ['operand'], body_region(body, ety), at, [tty(operands[0], ety)], tty(results[0], ety))
    write_grid('reduce_scatter', stem, comment, R, P, [('operand', ety, operands)], [line], [('result', ety, results)])

reduce_scatter('example-1', ["From the spec's `reduce_scatter` example (2 replicas, si64 add, scatter_dimension 1)."], 2, 1, 'i64',
               [arange((2, 4), 1), arange((2, 4), 9)], 1, 'add', [[0, 1]], handle_always=True,
               printed=[[10, 12, 18, 20], [14, 16, 22, 24]])
reduce_scatter('edge-maximum-dim0', 'maximum over 3 replicas, scatter_dimension 0 (3x2 -> 1x2 each), si32.', 3, 1, 'i32',
               [T([1, 9, 5, 2, 0, 0], (3, 2)), T([4, 3, 5, 8, -1, 7], (3, 2)), T([2, 2, 6, 1, -5, 6], (3, 2))], 0, 'maximum', [[0, 1, 2]])
reduce_scatter('edge-group-order', 'replica_groups [[1, 0]]: replica 1 gets part 0 of the sum, replica 0 part 1 (ui16).', 2, 1, 'ui16',
               [T([1, 2, 3, 4]), T([10, 20, 30, 65535])], 0, 'add', [[1, 0]])
reduce_scatter('edge-cross-replica-2x2', 'cross_replica on a 2x2 grid (no channel_id): one group per partition (si64).', 2, 2, 'i64',
               rows(2, 2, lambda pid: T([pid, 10 * pid, 100 * pid, 1000 * pid])), 0, 'add', [[0, 1]])
reduce_scatter('edge-cross-replica-and-partition', ['cross_replica_and_partition on a 2x2 grid (channel_id 1): one group',
               '[(0, 0), (1, 0), (0, 1), (1, 1)], the sum split in 4 parts in that order (si32).'], 2, 2, 'i32',
               rows(2, 2, lambda pid: T([pid + 1, 10 * (pid + 1), 100 * (pid + 1), 1000 * (pid + 1)])), 0, 'add', [[0, 1]], channel_id=1)
reduce_scatter('edge-flattened-ids', ['flattened_ids on a 2x2 grid (channel_id 3, use_global_device_ids): groups [[3, 1], [0, 2]]',
               '(si32 add, scatter_dimension 1).'], 2, 2, 'i32', rows(2, 2, lambda pid: T([pid, 2 * pid, 3, 4 * pid], (1, 4))), 1, 'add',
               [[3, 1], [0, 2]], channel_id=3, global_ids=True)
reduce_scatter('edge-groups-of-one', 'Groups of one process: the result is the operand (one part).', 2, 1, 'f32',
               [T([1.0, NZ]), T([NAN, INF])], 0, 'add', [[0], [1]])
reduce_scatter('edge-f32-exact-sum', 'f32 add over 4 replicas with exact partial sums (every schedule gives the same result).', 4, 1, 'f32',
               [T([1.0, 0.5, 2.0 ** -10, 3.0]), T([2.0, -0.5, 1.0, 2.0 ** 23]), T([4.0, 0.25, 2.0 ** 10, -2.0 ** 23]), T([8.0, NZ, 0.0, 1.0])],
               0, 'add', [[0, 1, 2, 3]])
reduce_scatter('edge-f16-rounded-pair', 'f16 add of two replicas whose sum needs rounding: 1 + 2^-11 (a tie) -> 1.0; 2048 + 1 -> 2048.', 2, 1,
               'f16', [T([1.0, 2048.0]), T([2.0 ** -11, 1.0])], 0, 'add', [[0, 1]])
reduce_scatter('edge-complex', 'complex<f64> add over 2 replicas.', 2, 1, 'complex<f64>',
               [T([(1.0, 2.0), (0.5, -0.5)]), T([(3.0, -2.0), (0.25, NZ)])], 0, 'add', [[0, 1]])
reduce_scatter('edge-empty', 'A zero-sized scatter dimension (2x0 split in 2 parts of 2x0) is allowed by (C1).', 2, 1, 'i32',
               [T([], (2, 0)), T([], (2, 0))], 1, 'add', [[0, 1]])


# ---------------------------------------------------------------- replica_id, partition_id
def id_case(op, stem, comment, R, P):
    """Every process gathers its id (one element) over the whole grid with all_gather (flattened_ids), so each
    process checks the ids of all processes, in flattened id order."""
    n = R * P
    if n == 1:
        write_module(op, stem, comment, ['%%result = "stablehlo.%s"() : () -> tensor<ui32>' % op,
                                         'check.expect_eq_const %result, dense<0> : tensor<ui32>'])
        return
    ids = [pid // P if op == 'replica_id' else pid % P for pid in processes(R, P)]
    at = [('all_gather_dim', '0 : i64'), ('replica_groups', groups_attr([processes(R, P)])),
          ('channel_handle', channel(1)), ('use_global_device_ids', None)]
    body = ['%%result = "stablehlo.%s"() : () -> tensor<ui32>' % op,
            '%result_1 = stablehlo.reshape %result : (tensor<ui32>) -> tensor<1xui32>',
            op_text(['all'], 'all_gather', ['result_1'], None, at, ['tensor<1xui32>'], 'tensor<%dxui32>' % n),
            check('all', ids, 'ui32')]
    write_module(op, stem, comment, body, R, P)

id_case('replica_id', 'example-1', ["From the spec's `replica_id` example: a single process (a 1x1 grid) is replica 0."], 1, 1)
id_case('replica_id', 'edge-4x1', ['4 replicas: each process gathers every replica_id (all_gather over the flattened ids) and sees',
        '[0, 1, 2, 3].'], 4, 1)
id_case('replica_id', 'edge-3x2', ['A 3x2 grid: the replica_id of the processes in flattened id order (replica_id * 2 + partition_id)',
        'is [0, 0, 1, 1, 2, 2].'], 3, 2)
id_case('replica_id', 'edge-1x3', 'A 1x3 grid (partitions only): every process is replica 0.', 1, 3)
id_case('partition_id', 'example-1', ["From the spec's `partition_id` example: a single process (a 1x1 grid) is partition 0."], 1, 1)
id_case('partition_id', 'edge-1x4', ['4 partitions: each process gathers every partition_id (all_gather over the flattened ids) and',
        'sees [0, 1, 2, 3].'], 1, 4)
id_case('partition_id', 'edge-2x3', ['A 2x3 grid: the partition_id of the processes in flattened id order (replica_id * 3 +',
        'partition_id) is [0, 1, 2, 0, 1, 2].'], 2, 3)
id_case('partition_id', 'edge-3x1', 'A 3x1 grid (replicas only): every process is partition 0.', 3, 1)
