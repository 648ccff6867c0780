"""Spec cases for the ops that talk to a channel or a feed: send, recv, infeed, outfeed.

- send/recv between devices (DEVICE_TO_DEVICE, is_host_transfer = false) run on a process grid
  (process_lib.py); @main picks each process's part with `case` on its flattened id, so one program holds
  the sender and the receiver. The received values are checked; they are the values sent, as the spec's
  channel semantics say. Processes only wait in an order that cannot deadlock whether or not send waits
  for its recv.
- Host transfers (is_host_transfer = true) have an implementation-defined other end. The spec's `send`
  example only runs; the spec's `recv` example is fed by a host send on the same channel in the same
  process, as the upstream interpreter's tests (send_recv.mlir) do.
- infeed cases fill the queue with interpreter.run_parallel's `infeed` attribute (functions whose results
  are the entries), as the upstream interpreter's tests do, so @main needs no arguments and no
  command-line infeed. (`hloconf eval --infeed FILE` feeds programs whose own @main reads the infeed.)
- outfeed's other end is implementation-defined, so outfeed cases pass when they run; `hloconf eval
  --outfeed-dir DIR` writes what they sent."""
from process_lib import *

TOKEN = '!stablehlo.token'

def send_line(result, values, types, handle, host=False, token='%token'):
    return '%%%s = "stablehlo.send"(%s) {\n  channel_handle = %s,\n  is_host_transfer = %s\n} : (%s) -> %s' % (
        result, ', '.join(['%' + v for v in values] + [token]), channel(handle, 2 if host else 1), 'true' if host else 'false',
        ', '.join(types + [TOKEN]), TOKEN)

def recv_line(results, types, handle, host=False, token='%token'):
    outs = ', '.join('%' + r for r in results)
    rt = ', '.join(types + [TOKEN])
    return '%s = "stablehlo.recv"(%s) {\n  channel_handle = %s,\n  is_host_transfer = %s\n} : (%s) -> %s' % (
        outs, token, channel(handle, 3 if host else 1), 'true' if host else 'false', TOKEN, '(' + rt + ')' if len(types) else rt)

def case_line(outs, out_types, branches):
    """`case` on %branch (the flattened process id) with one branch per process: (lines, returned names)."""
    regions = []
    for lines, rets in branches:
        body = list(lines) + ['"stablehlo.return"(%s) : (%s) -> ()' % (', '.join('%' + r for r in rets), ', '.join(out_types))]
        regions.append('{\n' + '\n'.join('  ' + l for b in body for l in b.split('\n')) + '\n}')
    rt = ', '.join(out_types)
    return '%s = "stablehlo.case"(%%branch) (%s) : (tensor<i32>) -> %s' % (
        ', '.join('%' + o for o in outs), ', '.join(regions), '(' + rt + ')' if len(out_types) != 1 else rt)

def mpmd(op, stem, comment, R, P, consts, branches, outs, out_etys_shapes, checks):
    """A case whose processes run different code: consts (name, ety, T) are defined for all; branches[pid] =
    (lines, returned names); the case op's results `outs` are checked per process against `checks`."""
    out_types = [ttype(s, e) if e != TOKEN else TOKEN for e, s in out_etys_shapes]
    lines = ['%branch = stablehlo.convert %process : (tensor<ui32>) -> tensor<i32>',
             '%token = stablehlo.after_all : !stablehlo.token'] + [tconst(n, t, e) for n, e, t in consts]
    lines.append(case_line(outs, out_types, branches))
    write_grid(op, stem, comment, R, P, [], lines, checks, need_process=True)


# ---------------------------------------------------------------- send
write_module('send', 'example-1', ["From the spec's `send` example (a host transfer on channel 1, DEVICE_TO_HOST). Where the",
             'value goes is implementation-defined (the host end), so the case passes when it runs.'], [
    tconst('operand', T([1, 2, 3, 4], (2, 2)), 'i64'),
    '%token = stablehlo.after_all : !stablehlo.token',
    send_line('result', ['operand'], ['tensor<2x2xi64>'], 1, host=True)])

t22 = T([1, 2, 3, 4], (2, 2))
mpmd('send', 'edge-device-to-device', ['Replica 0 sends a 2x2 si64 tensor on channel 1 (DEVICE_TO_DEVICE); replica 1 receives it.',
     'Both processes return the value (the sender its operand), and both must see [[1, 2], [3, 4]].'], 2, 1,
     [('operand', 'i64', t22)],
     [([send_line('sent', ['operand'], ['tensor<2x2xi64>'], 1)], ['operand']),
      ([recv_line(['received', 'received_token'], ['tensor<2x2xi64>'], 1)], ['received'])],
     ['result'], [('i64', (2, 2))], [('result', 'i64', [t22, t22])])

tf = T([NZ, NAN, INF, F32SUB]); tb = T([True, False, True])
mpmd('send', 'edge-multiple-inputs', ['One send with two inputs (f32 with -0.0, NaN, inf and a subnormal; i1) on channel 7: the recv',
     'has two payload results, in the same order, bit-exact.'], 2, 1,
     [('floats', 'f32', tf), ('flags', 'i1', tb)],
     [([send_line('sent', ['floats', 'flags'], ['tensor<4xf32>', 'tensor<3xi1>'], 7)], ['floats', 'flags']),
      ([recv_line(['received_floats', 'received_flags', 'received_token'], ['tensor<4xf32>', 'tensor<3xi1>'], 7)],
       ['received_floats', 'received_flags'])],
     ['result_floats', 'result_flags'], [('f32', (4,)), ('i1', (3,))], [('result_floats', 'f32', [tf, tf]), ('result_flags', 'i1', [tb, tb])])

tp = T([(1.5, -2.0), (NZ, 0.25)])
mpmd('send', 'edge-across-partitions', 'Partition 0 sends to partition 1 of a 1x2 grid (channel 2, complex<f32>).', 1, 2,
     [('operand', 'complex<f32>', tp)],
     [([send_line('sent', ['operand'], ['tensor<2xcomplex<f32>>'], 2)], ['operand']),
      ([recv_line(['received', 'received_token'], ['tensor<2xcomplex<f32>>'], 2)], ['received'])],
     ['result'], [('complex<f32>', (2,))], [('result', 'complex<f32>', [tp, tp])])

first = T([1, 2, 3]); second = T([-4, -5, -6])
mpmd('send', 'edge-channel-order', ['Two sends on one channel are received in the order they were sent (si32, channel 3):',
     'the first recv gets the first value.'], 2, 1,
     [('first', 'i32', first), ('second', 'i32', second)],
     [([send_line('sent1', ['first'], ['tensor<3xi32>'], 3), send_line('sent2', ['second'], ['tensor<3xi32>'], 3, token='%sent1')],
       ['first', 'second']),
      ([recv_line(['received1', 'token1'], ['tensor<3xi32>'], 3), recv_line(['received2', 'token2'], ['tensor<3xi32>'], 3, token='%token1')],
       ['received1', 'received2'])],
     ['result1', 'result2'], [('i32', (3,)), ('i32', (3,))], [('result1', 'i32', [first, first]), ('result2', 'i32', [second, second])])


# ---------------------------------------------------------------- recv
write_module('recv', 'example-1', ["From the spec's `recv` example (a host transfer on channel 1, HOST_TO_DEVICE). The host end",
             "is implementation-defined; as in the upstream interpreter's tests, the value comes from the spec's `send`",
             'example (a host send on channel 1) run earlier in the same process.'], [
    tconst('operand', t22, 'i64'),
    '%token = stablehlo.after_all : !stablehlo.token',
    send_line('sent', ['operand'], ['tensor<2x2xi64>'], 1, host=True),
    recv_line(['results0', 'results1'], ['tensor<2x2xi64>'], 1, host=True, token='%sent'),
    tcheck('results0', t22, 'i64')])

vals = [T([10, 11]), T([20, 21]), T([30, 31])]
# Replica k sends its value to replica (k + 1) % 3 on channel k + 1. Replica 0 sends first and then receives; the others
# receive first and then send, so no process waits for a send that waits for it.
ring = []
for k in range(3):
    s = send_line('sent', ['own'], ['tensor<2xui32>'], k + 1)
    r = recv_line(['received', 'received_token'], ['tensor<2xui32>'], (k - 1) % 3 + 1)
    own = tconst('own', vals[k], 'ui32')
    ring.append(([own, s, r] if k == 0 else [own, r, s], ['received']))
mpmd('recv', 'edge-ring', ['A ring of 3 replicas: replica k sends to replica (k + 1) % 3 on channel k + 1, so each receives',
     "its predecessor's value (ui32)."], 3, 1, [], ring, ['result'], [('ui32', (2,))],
     [('result', 'ui32', [vals[2], vals[0], vals[1]])])

pong = T([7.5]); ping = T([-0.5])
mpmd('recv', 'edge-ping-pong', ['Replica 0 sends on channel 1 and waits on channel 2; replica 1 receives, sends its own value back',
     'on channel 2 (f64). Replica 0 ends with replica 1\'s value and replica 1 with replica 0\'s.'], 2, 1,
     [('ping', 'f64', ping), ('pong', 'f64', pong)],
     [([send_line('sent', ['ping'], ['tensor<1xf64>'], 1), recv_line(['received', 'received_token'], ['tensor<1xf64>'], 2, token='%sent')],
       ['received']),
      ([recv_line(['received', 'received_token'], ['tensor<1xf64>'], 1), send_line('sent', ['pong'], ['tensor<1xf64>'], 2, token='%received_token')],
       ['received'])],
     ['result'], [('f64', (1,))], [('result', 'f64', [pong, ping])])

tq = T([1.0, NZ, 0.5, -INF], (2, 2))
mpmd('recv', 'edge-2x2-grid', ['On a 2x2 grid process (1, 1) sends to process (0, 0) on channel 4 (bf16); the other two processes',
     'take no part and return their own constant.'], 2, 2,
     [('operand', 'bf16', tq), ('idle', 'bf16', T([0.0] * 4, (2, 2)))],
     [([recv_line(['received', 'received_token'], ['tensor<2x2xbf16>'], 4)], ['received']), ([], ['idle']), ([], ['idle']),
      ([send_line('sent', ['operand'], ['tensor<2x2xbf16>'], 4)], ['operand'])],
     ['result'], [('bf16', (2, 2))], [('result', 'bf16', [tq, T([0.0] * 4, (2, 2)), T([0.0] * 4, (2, 2)), tq])])

mpmd('recv', 'edge-token-only', ['A send with no inputs and a recv whose only result is the token (allowed by (C2)-(C4)): the pair',
     'only orders the two processes. The case passes when it runs.'], 2, 1, [],
     [(['%sent = "stablehlo.send"(%token) {\n  channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>,\n  is_host_transfer = false\n} : (!stablehlo.token) -> !stablehlo.token'], ['sent']),
      ([recv_line(['received_token'], [], 5)], ['received_token'])],
     ['result'], [(TOKEN, ())], [])


# ---------------------------------------------------------------- infeed
def infeed_case(stem, comment, entries, reads):
    """entries: list of entries, each a list of (ety, T); reads: list of infeed ops, each a list of indexes into the
    flattened value list (the payload results it reads, in order). The program returns every payload result."""
    funcs = []
    for k, entry in enumerate(entries):
        rt = ', '.join(tty(t, e) for e, t in entry)
        lines = ['func.func @infeed_queue%d() -> (%s) {' % (k, rt)]
        lines += ['  ' + tconst('value%d' % i, t, e) for i, (e, t) in enumerate(entry)]
        lines += ['  func.return %s : %s' % (', '.join('%%value%d' % i for i in range(len(entry))), rt), '}']
        funcs.append('\n'.join(lines))
    prog = ['func.func @infeed(%token: !stablehlo.token) -> (' + ', '.join(tty(t, e) for entry in entries for e, t in entry) + ') {']
    rets = []
    for i, entry in enumerate(entries):
        types = [tty(t, e) for e, t in entry]
        prog.append('  %%results%d:%d = "stablehlo.infeed"(%%token) {\n    infeed_config = ""\n  } : (!stablehlo.token) -> (%s)' % (
            i, len(entry) + 1, ', '.join(types + [TOKEN])))
        rets += ['%%results%d#%d' % (i, j) for j in range(len(entry))]
    allt = [tty(t, e) for entry in entries for e, t in entry]
    prog.append('  func.return %s : %s' % (', '.join(rets), ', '.join(allt)))
    prog.append('}')
    body = ['%token = stablehlo.after_all : !stablehlo.token',
            '%%results:%d = "interpreter.run_parallel"(%%token) {\n  infeed = [%s],\n  programs = [[@infeed]]\n} : (!stablehlo.token) -> (%s)' % (
                len(allt), ', '.join('@infeed_queue%d' % k for k in range(len(entries))), ', '.join(allt))]
    n = 0
    for entry in entries:
        for e, t in entry:
            body.append(tcheck('results#%d' % n, t, e))
            n += 1
    write_module('infeed', stem, comment, body, extra_funcs=['\n'.join(prog)] + funcs)

infeed_case('example-1', ["From the spec's `infeed` example: infeed_queue[0] = [[1, 2], [3, 4]] and infeed_queue[1] =",
            '[[5, 6], [7, 8]] (si64); two infeed ops read them in order. The queue is given with',
            "interpreter.run_parallel's `infeed` attribute (one function per entry)."],
            [[('i64', t22)], [('i64', T([5, 6, 7, 8], (2, 2)))]], None)
infeed_case('edge-multiple-values', ['One entry with two payload values (f32 with -0.0, NaN, inf and a subnormal; i1): one infeed op',
            'with two payload results reads both, bit-exactly.'], [[('f32', tf), ('i1', tb)]], None)
infeed_case('edge-element-types', 'Three entries of bf16, complex<f64> and ui64, read in queue order.',
            [[('bf16', T([1.0, NZ, -INF]))], [('complex<f64>', T([(0.5, -1.0)], ()))], [('ui64', T([2 ** 64 - 1, 0]))]], None)
infeed_case('edge-empty-tensor', 'An entry holding a zero-sized tensor (0x3 f32) and a rank-0 si8.',
            [[('f32', T([], (0, 3))), ('i8', T([-128], ()))]], None)


# ---------------------------------------------------------------- outfeed
write_module('outfeed', 'example-1', ["From the spec's `outfeed` example (a 2x2x2 si64 input). Where the value goes is",
             'implementation-defined, so the case passes when it runs (`hloconf eval --outfeed-dir DIR` writes it to DIR).'], [
    tconst('input0', arange((2, 2, 2)), 'i64'),
    '%token = stablehlo.after_all : !stablehlo.token',
    '%result = "stablehlo.outfeed"(%input0, %token) {\n  outfeed_config = ""\n} : (tensor<2x2x2xi64>, !stablehlo.token) -> !stablehlo.token'])
write_module('outfeed', 'edge-multiple-inputs', ['One outfeed with three inputs (f16, i1 and an empty f32 tensor), chained after a first',
             'outfeed by its token. The case passes when it runs.'], [
    tconst('halves', T([0.5, NZ, INF]), 'f16'), tconst('flags', T([True, False]), 'i1'), tconst('nothing', T([], (0, 2)), 'f32'),
    '%token = stablehlo.after_all : !stablehlo.token',
    '%first = "stablehlo.outfeed"(%halves, %token) {\n  outfeed_config = ""\n} : (tensor<3xf16>, !stablehlo.token) -> !stablehlo.token',
    '%second = "stablehlo.outfeed"(%halves, %flags, %nothing, %first) {\n  outfeed_config = ""\n} : (tensor<3xf16>, tensor<2xi1>, tensor<0x2xf32>, !stablehlo.token) -> !stablehlo.token'])
write_module('outfeed', 'edge-no-inputs', 'An outfeed with no inputs, only a token (the inputs are variadic). The case passes when it runs.', [
    '%token = stablehlo.after_all : !stablehlo.token',
    '%result = "stablehlo.outfeed"(%token) {\n  outfeed_config = ""\n} : (!stablehlo.token) -> !stablehlo.token'])
write_grid('outfeed', 'edge-every-process', ['Each process of a 2x2 grid writes its own value (si32) to the outfeed. The case passes when',
           'it runs.'], 2, 2, [('input', 'i32', [T([pid, -pid]) for pid in range(4)])],
           ['%token = stablehlo.after_all : !stablehlo.token',
            '%result = "stablehlo.outfeed"(%input, %token) {\n  outfeed_config = ""\n} : (tensor<2xi32>, !stablehlo.token) -> !stablehlo.token'], [])
