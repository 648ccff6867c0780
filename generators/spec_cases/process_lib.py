"""Helpers for the multi-process cases (collective_ops.py, channel_ops.py): the spec's process grid and
its four process-group strategies in Python, and a writer for modules that run on a grid.

A multi-process case is a module with `mhlo.num_replicas` / `mhlo.num_partitions` attributes; @main runs
once per process (as the spec's "Parallel execution" section describes: one program per process). Each
process builds its own inputs by looking up a constant table (one row per process) with dynamic_slice at
its flattened id, replica_id * num_partitions + partition_id, and checks its own results against a table
of expected values the same way. Expected values come from Python versions of the spec's formulas below."""
from shape_lib import *


# ---------------------------------------------------------------- process groups (spec "Collective ops")
def processes(R, P):
    """Flattened ids of the R x P grid, in order."""
    return list(range(R * P))

def cross_replica(groups, R, P):
    return [[r * P + p for r in g] for g in groups for p in range(P)]

def cross_partition(groups, R, P):
    return [[r * P + p for p in g] for g in groups for r in range(R)]

def cross_replica_and_partition(groups, R, P):
    return [[r * P + p for p in range(P) for r in g] for g in groups]

def flattened_ids(groups, R, P):
    return [list(g) for g in groups]

def group_of(groups, pid):
    for g in groups:
        if pid in g: return g
    return None

def pname(pid, P):
    return '(%d, %d)' % (pid // P, pid % P)


# ---------------------------------------------------------------- tensors
def stack(ts):
    """Stack same-shape tensors along a new leading dimension."""
    return T([x for t in ts for x in t.data], (len(ts),) + ts[0].shape)

def concat_t(ts, dim):
    return ref_concatenate(ts, dim)

def split_t(t, count, dim):
    """split(t, count, dim): count equal parts along dim."""
    size = t.shape[dim] // count
    out = []
    for k in range(count):
        start = [0] * len(t.shape); limit = list(t.shape)
        start[dim] = k * size; limit[dim] = (k + 1) * size
        out.append(ref_slice(t, start, limit, [1] * len(t.shape)))
    return out

def zeros_like(t, zero):
    return T([zero] * len(t.data), t.shape)

def mapn(fn, ts):
    """Element-wise fn over same-shape tensors."""
    return T([fn(*xs) for xs in zip(*[t.data for t in ts])], ts[0].shape)


# ---------------------------------------------------------------- text
def channel(handle, typ=1):
    return '#stablehlo.channel_handle<handle = %d, type = %d>' % (handle, typ)

def groups_attr(groups, width=None):
    """dense<[[...], ...]> : tensor<NxMxi64> (an empty list gives dense<> : tensor<0xWxi64>)."""
    if not groups:
        return 'dense<> : tensor<0x%dxi64>' % (width or 0)
    m = len(groups[0])
    assert all(len(g) == m for g in groups)
    return 'dense<[%s]> : tensor<%dx%dxi64>' % (', '.join('[' + ', '.join(map(str, g)) + ']' for g in groups), len(groups), m)

def process_index_lines(R, P):
    """Lines defining %process (tensor<ui32>), the flattened id of the running process."""
    if R > 1 and P == 1:
        return ['%process = "stablehlo.replica_id"() : () -> tensor<ui32>']
    if R == 1 and P > 1:
        return ['%process = "stablehlo.partition_id"() : () -> tensor<ui32>']
    return ['%replica = "stablehlo.replica_id"() : () -> tensor<ui32>',
            '%partition = "stablehlo.partition_id"() : () -> tensor<ui32>',
            '%%num_partitions = stablehlo.constant dense<%d> : tensor<ui32>' % P,
            '%replica_base = stablehlo.multiply %replica, %num_partitions : tensor<ui32>',
            '%process = stablehlo.add %replica_base, %partition : tensor<ui32>']

def same_everywhere(ts):
    return all(t.shape == ts[0].shape and [repr(x) for x in t.data] == [repr(x) for x in ts[0].data] for t in ts)

def per_process(name, ts, ety, body, zero_needed):
    """Lines that give the running process its row of `ts` (one tensor per process) as %name."""
    if same_everywhere(ts):
        body.append(tconst(name, ts[0], ety))
        return
    table = stack(ts)
    rank = len(ts[0].shape)
    if rank: zero_needed.append(True)
    body.append(tconst(name + '_table', table, ety))
    idx = ', '.join(['%process'] + ['%zero'] * rank)
    slice_t = T([None] * prod((1,) + ts[0].shape), (1,) + ts[0].shape)
    body.append('%%%s_row = "stablehlo.dynamic_slice"(%%%s_table, %s) {\n  slice_sizes = %s\n} : (%s) -> %s' % (
        name, name, idx, arr((1,) + ts[0].shape),
        ', '.join([tty(table, ety)] + ['tensor<ui32>'] * (rank + 1)), tty(slice_t, ety)))
    body.append('%%%s = stablehlo.reshape %%%s_row : (%s) -> %s' % (name, name, tty(slice_t, ety), tty(ts[0], ety)))

def write_grid(op, stem, comment, R, P, inputs, op_lines, checks, extra_funcs=None, notes=None, need_process=False):
    """A case on an R x P grid. inputs / checks: lists of (name, ety, [tensor per process]); op_lines: the
    op under test (and any glue), using the input names (and %process when need_process); each checked
    name is compared with its row."""
    body = []
    needs_process = need_process or any(not same_everywhere(ts) for _, _, ts in inputs + checks)
    if needs_process: body += process_index_lines(R, P)
    zero_needed = []
    pre = []
    for name, ety, ts in inputs:
        assert len(ts) == R * P, (name, len(ts))
        per_process(name, ts, ety, pre, zero_needed)
    post = []
    for name, ety, ts in checks:
        assert len(ts) == R * P, (name, len(ts))
        if same_everywhere(ts):
            post.append(tcheck(name, ts[0], ety))
        else:
            vals = [T([R_(ety, x) for x in t.data], t.shape) for t in ts]
            per_process(name + '_expected', vals, ety, post, zero_needed)
            post.append('check.expect_eq %%%s, %%%s_expected : %s' % (name, name, tty(ts[0], ety)))
    if zero_needed: body.append('%zero = stablehlo.constant dense<0> : tensor<ui32>')
    body += pre + op_lines + post
    write_module(op, stem, comment if notes is None else [comment] + notes, body, R, P, extra_funcs)

def R_(ety, x):
    return R(ety, x)

def write_module(op, stem, comment, body, replicas=1, partitions=1, extra_funcs=None):
    """lib.write with the module attributes mhlo.num_replicas / mhlo.num_partitions (none for a 1x1 grid)."""
    write(op, stem, comment, body, extra_funcs, replicas, partitions)
