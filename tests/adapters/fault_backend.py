#!/usr/bin/python3
"""A fault-injecting backend for hloconf's end-to-end protocol tests.

It is an adapter built on adapters/python/hloconf_adapter.py that gets correct answers by proxying each
request to `hloconf serve` (the reference evaluator behind the protocol), then spoils them on purpose.

usage: fault_backend.py MODE [--serve HLOCONF] [--match GLOB] [--every N] [--signal SIG] [--ops OPS]

MODE (what happens on a chosen case; other cases get the correct answer):
  ok           plain proxy: every answer is the reference's, bit for bit
  flip         flips the lowest bit of every float output element (complex: of both parts; raw-bits
               types such as bf16 and f8: of their bits)
  nan          answers NaN for every float output element (types without NaN keep their values)
  vary         nondeterministic: XORs the low bits of every float output element with a counter of
               the answers this process gave (1, 2, ..., 7, then 1 again), so consecutive answers differ
  crash        kills itself with --signal (SEGV by default; KILL, ABRT, or EXIT for exit status 3) in the
               middle of the case, after reading the inputs and the reference's answer
  hang         sleeps forever
  error        raises an exception, so the case gets an error reply
  stray        writes a non-JSON line and a reply with a wrong id on stdout before the real reply
  unsupported  the handshake lists a fixed set of common ops minus --ops (default stablehlo.multiply),
               and a case whose program uses one of --ops is answered "unsupported"

Hostile modes (docs/security.md, "Hostile backends"): what a backend could do to the harness itself.
  deep         before the reply, a reply line with the right id nested 100000 levels deep
  huge         instead of the reply, an endless line (no newline, 1 MiB a write)
  fifo         answers ok, with the first output path turned into a FIFO
  devzero      answers ok, with the first output path a symlink to /dev/zero
  sparse       answers ok, with the first output (the right data) grown to a 2 GiB sparse file
  nohello      never answers the hello; with --hellos K and --state FILE (which counts the starts), the
               first K starts answer it and then exit with status 3 on chosen cases, later starts never do
  protocol     answers the hello with protocol 2^32 + 1 (protocol 1 when read as a 32-bit int)
  setsid       a helper in a session of its own (double fork + setsid) that sleeps for 10 minutes; its
               pid is appended to --pidfile FILE; the case is answered correctly
  symlink      plants a symlink to --victim FILE at every path it can guess for the next request's inputs
               (the same names with the next id, in the request's folder and in the folder above)
  rmwork       removes the run's work folder (the hloconf-run-* above the input files), then exits with
               status 3

Which cases are chosen: those whose case id matches --match GLOB (fnmatch), or every N-th case this
process handles (--every N, counting from 1; a restarted process counts again); with neither, every
case. `hloconf serve` is found from --serve, else $HLOCONF_BINARY, else `hloconf` on PATH.
"""

import argparse
import fnmatch
import json
import os
import shutil
import signal
import subprocess
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "adapters", "python"))
import hloconf_adapter  # noqa: E402

# The handshake of mode `unsupported`: these ops minus --ops.
COMMON_OPS = [
    "func.return", "stablehlo.abs", "stablehlo.add", "stablehlo.compare", "stablehlo.constant",
    "stablehlo.convert", "stablehlo.divide", "stablehlo.dot_general", "stablehlo.exponential",
    "stablehlo.maximum", "stablehlo.minimum", "stablehlo.multiply", "stablehlo.negate",
    "stablehlo.reduce", "stablehlo.reshape", "stablehlo.return", "stablehlo.select",
    "stablehlo.subtract", "stablehlo.transpose",
]

SIGNALS = {"SEGV": signal.SIGSEGV, "KILL": signal.SIGKILL, "ABRT": signal.SIGABRT}


class Reference:
    """A `hloconf serve` child spoken to over the same protocol."""

    def __init__(self, binary):
        self.process = subprocess.Popen([binary, "serve", "--name", "fault-proxy"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=sys.stderr)
        self.ask({"type": "hello", "protocol": hloconf_adapter.PROTOCOL, "work_dir": os.getcwd()})

    def ask(self, message):
        self.process.stdin.write((json.dumps(message) + "\n").encode())
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("hloconf serve exited")
        return json.loads(line)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["ok", "flip", "nan", "vary", "crash", "hang", "error", "stray", "unsupported",
                                         "deep", "huge", "fifo", "devzero", "sparse", "nohello", "protocol", "setsid",
                                         "symlink", "rmwork"])
    parser.add_argument("--serve", default=os.environ.get("HLOCONF_BINARY", "hloconf"))
    parser.add_argument("--match")
    parser.add_argument("--every", type=int)
    parser.add_argument("--signal", default="SEGV", choices=sorted(SIGNALS) + ["EXIT"])
    parser.add_argument("--ops", default="stablehlo.multiply")
    parser.add_argument("--hellos", type=int, default=0)
    parser.add_argument("--state")
    parser.add_argument("--pidfile")
    parser.add_argument("--victim")
    args = parser.parse_args()

    if args.mode == "nohello" and not answers_hello(args):
        silent_until_killed()
    if args.mode == "protocol":
        answer_hello_with_protocol(2**32 + 1)

    reference = Reference(args.serve)
    unsupported_ops = set(args.ops.split(",")) if args.mode == "unsupported" else set()
    handled = [0]
    answers = [0]  # mode vary: answers given so far
    last_pick = [False]  # whether the case being answered was chosen

    def chosen(request):
        handled[0] += 1
        if args.match is not None and fnmatch.fnmatchcase(request.case_id, args.match):
            return True
        if args.every is not None and handled[0] % args.every == 0:
            return True
        return args.match is None and args.every is None

    def run(request):
        pick = chosen(request)
        last_pick[0] = pick
        if unsupported_ops:
            used = sorted(hloconf_adapter.ops_in(request.ir) & unsupported_ops)
            if used:
                raise hloconf_adapter.Unsupported(f"fault_backend: {', '.join(used)} declared unsupported")
        if pick and args.mode == "hang":
            while True:
                time.sleep(3600)
        if pick and args.mode == "error":
            raise RuntimeError("fault_backend: injected error")
        if pick and args.mode == "deep":
            depth = 100000
            hloconf_adapter.send_raw_line(json.dumps({"type": "result", "id": request.message["id"], "status": "ok"})[:-1] +
                                          ', "x": ' + "[" * depth + "]" * depth + "}")
        if pick and args.mode == "huge":
            endless_line()
        if pick and args.mode == "nohello":
            os._exit(3)
        if pick and args.mode == "setsid":
            start_session_helper(args.pidfile)
        if pick and args.mode == "symlink":
            plant_symlinks(request.message, args.victim)
        if pick and args.mode == "rmwork":
            remove_work_folder(request.message)
            os._exit(3)

        # The reference writes beside the real output paths; this adapter returns (maybe spoiled) arrays.
        proxied = dict(request.message)
        proxied["outputs"] = [dict(entry, path=entry["path"] + ".proxy.npy") for entry in request.message["outputs"]]
        answer = reference.ask(proxied)
        if answer.get("status") == "unsupported":
            raise hloconf_adapter.Unsupported(answer.get("reason", ""))
        if answer.get("status") != "ok":
            raise RuntimeError(f"reference: {answer.get('message', answer)}")
        outputs = []
        for entry in proxied["outputs"]:
            outputs.append(np.load(entry["path"], allow_pickle=False))
            os.unlink(entry["path"])

        if pick and args.mode == "crash":
            sys.stderr.write(f"fault_backend: crashing on {request.case_id} with {args.signal}\n")
            sys.stderr.flush()
            if args.signal == "EXIT":
                os._exit(3)
            if args.signal != "KILL":  # SIGKILL's action cannot be changed (nor caught)
                signal.signal(SIGNALS[args.signal], signal.SIG_DFL)
            os.kill(os.getpid(), SIGNALS[args.signal])
            time.sleep(10)
        if pick and args.mode == "stray":
            hloconf_adapter.send_raw_line("this line is not JSON")
            hloconf_adapter.send_raw_line(json.dumps({"type": "result", "id": -12345, "status": "ok"}))
        if pick and args.mode in ("flip", "nan", "vary"):
            answers[0] += 1
            outputs = [spoil(array, entry["type"], args.mode, answers[0] % 7 + 1 if args.mode == "vary" else 1)
                       for array, entry in zip(outputs, request.message["outputs"])]
        return outputs

    if args.mode in ("fifo", "devzero", "sparse"):
        spoil_output_files(args.mode, lambda: last_pick[0])
    ops = [op for op in COMMON_OPS if op not in unsupported_ops] if unsupported_ops else []
    hloconf_adapter.serve(run, name=f"fault-{args.mode}", version="1", ops=ops)


# --- hostile modes ------------------------------------------------------------------------------------

def answers_hello(args):
    """Mode nohello: whether this start is among the first --hellos (counted in the --state file)."""
    if not args.state:
        return False
    with open(args.state, "a+") as state:
        state.seek(0)
        starts = len(state.read()) + 1
        state.write("x")
    return starts <= args.hellos


def silent_until_killed():
    while sys.stdin.buffer.readline():
        pass
    time.sleep(3600)


def answer_hello_with_protocol(protocol):
    sys.stdin.buffer.readline()
    sys.stdout.write(json.dumps({"type": "hello", "protocol": protocol, "name": "fault-protocol"}) + "\n")
    sys.stdout.flush()
    silent_until_killed()


def endless_line():
    chunk = b"x" * (1 << 20)
    out = hloconf_adapter._channel.output
    out.write(b'{"type": "result", "status": "ok", "pad": "')
    while True:
        out.write(chunk)


def start_session_helper(pidfile):
    """A helper that leaves the backend's process group and session, as a daemonizing tool does."""
    child = os.fork()
    if child == 0:
        os.setsid()
        if os.fork() == 0:
            with open(pidfile, "a") as out:
                out.write(f"{os.getpid()}\n")
            time.sleep(600)
        os._exit(0)
    os.waitpid(child, 0)


def plant_symlinks(message, victim):
    request_id = message["id"]
    for index, entry in enumerate(message["inputs"]):
        folder = os.path.dirname(entry["path"])
        for where in (folder, os.path.dirname(folder)):
            name = os.path.join(where, f"r{request_id + 1}-in{index}.npy")
            try:
                os.symlink(victim, name)
            except OSError:
                pass


def remove_work_folder(message):
    folder = os.path.dirname(message["inputs"][0]["path"] if message["inputs"] else message["outputs"][0]["path"])
    while folder != "/" and not os.path.basename(folder).startswith("hloconf-run-"):
        folder = os.path.dirname(folder)
    if folder != "/":
        shutil.rmtree(folder, ignore_errors=True)


def spoil_output_files(mode, picked):
    """Modes fifo, devzero and sparse: the correct outputs are written, then the first one is replaced."""
    run_one = hloconf_adapter._run_one

    def spoiled_run_one(run, message):
        reply = run_one(run, message)
        entries = message.get("outputs", [])
        if reply.get("status") != "ok" or not entries or not picked():
            return reply
        path = entries[0]["path"]
        if mode == "sparse":
            os.truncate(path, 2 << 30)
        else:
            os.unlink(path)
            os.mkfifo(path) if mode == "fifo" else os.symlink("/dev/zero", path)
        return reply

    hloconf_adapter._run_one = spoiled_run_one


def nan_bits(element_type):
    """The quiet NaN of a raw-bits float type, or None where the format has no NaN."""
    total, exp_bits, mant_bits, bias, has_sign, encoding = hloconf_adapter.FLOAT_FORMATS[element_type]
    if encoding == "ieee":
        return (((1 << exp_bits) - 1) << mant_bits) | (1 << (mant_bits - 1))
    if encoding == "all_ones":
        return (1 << (total - 1)) - 1
    if encoding == "negative_zero":
        return 1 << (total - 1)
    if encoding == "e8m0":
        return 0xFF
    return None


def spoil(array, type_text, mode, flip_bits=1):
    element = hloconf_adapter.element_type_of(type_text)
    complex_type = element.startswith("complex<")
    if not (hloconf_adapter.is_float_type(element) or complex_type):
        return array
    array = array.copy()
    if mode in ("flip", "vary"):
        if hloconf_adapter.is_raw_bits_type(element):
            return array ^ np.array(flip_bits, dtype=array.dtype)
        part_bits = {2: np.uint16, 4: np.uint32, 8: np.uint64}[array.dtype.itemsize // (2 if complex_type else 1)]
        bits = array.view(part_bits)
        bits ^= part_bits(flip_bits)
        return array
    if hloconf_adapter.is_raw_bits_type(element):
        nan = nan_bits(element)
        if nan is not None:
            array[...] = nan
        return array
    array[...] = complex(np.nan, np.nan) if complex_type else np.nan
    return array


if __name__ == "__main__":
    main()
